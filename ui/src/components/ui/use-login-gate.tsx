import { useState, type ReactNode } from 'react'
import { LoginNeededDialog, type LoginGate } from './login-needed-dialog'

/**
 * The gate and the overlay it opens. `user` is useUser()'s answer: null means logged out;
 * undefined (still asking) lets links through, and the route guard decides there.
 */
export function useLoginGate(user: unknown): { gate: LoginGate; dialog: ReactNode } {
  const [target, setTarget] = useState<string | null>(null)
  const gate: LoginGate = { loggedOut: user === null, ask: setTarget }
  const dialog = <LoginNeededDialog target={target} onClose={() => setTarget(null)} />
  return { gate, dialog }
}
