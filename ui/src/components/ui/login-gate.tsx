import type { MouseEvent, ReactNode } from 'react'
import { Link } from 'react-router'

/** Where a logged-out visitor may not go without logging in; see useLoginGate (use-login-gate.tsx). */
export type LoginGate = {
  /** True only when we know the visitor is logged out (not while still asking). */
  loggedOut: boolean
  /** Opens the 'Sorry...' overlay for a link to `target`. */
  ask: (target: string) => void
  /** Starts loading the overlay, when a visitor is about to need it. */
  prepare?: () => void
}

type GatedLinkProps = { to: string; gate: LoginGate; className?: string; 'aria-label'?: string; children: ReactNode }

/** A link to a login-only page; for a logged-out visitor it opens the 'Sorry...' overlay instead. */
export function GatedLink({ to, gate, className, children, ...rest }: GatedLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!gate.loggedOut) return
    event.preventDefault()
    gate.ask(to)
  }
  const prepare = gate.loggedOut ? gate.prepare : undefined
  return (
    <Link to={to} onClick={onClick} onPointerEnter={prepare} onFocus={prepare} className={className} {...rest}>
      {children}
    </Link>
  )
}
