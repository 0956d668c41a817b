import { useState, type ReactNode } from 'react'
import { LazyLoginNeededDialog } from './lazy-login-needed-dialog'
import type { LoginGate } from './login-gate'

/**
 * The gate and the overlay it opens. `user` is useUser()'s answer: null means logged out;
 * undefined (still asking) lets links through, and the route guard decides there.
 */
export function useLoginGate(user: unknown): { gate: LoginGate; dialog: ReactNode } {
  const [target, setTarget] = useState<string | null>(null)
  // Mounted from the first ask on, so its closing transition can play.
  const [opened, setOpened] = useState(false)
  if (target !== null && !opened) setOpened(true)
  const gate: LoginGate = { loggedOut: user === null, ask: setTarget, prepare: LazyLoginNeededDialog.preload }
  const dialog = opened ? <LazyLoginNeededDialog target={target} onClose={() => setTarget(null)} /> : null
  return { gate, dialog }
}
