import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { LogIn, UserPlus, X } from 'lucide-react'
import { useState, type MouseEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { loginUrl } from '@/lib/login-url'

/** Where a logged-out visitor may not go without logging in; see useLoginGate (use-login-gate.tsx). */
export type LoginGate = {
  /** True only when we know the visitor is logged out (not while still asking). */
  loggedOut: boolean
  /** Opens the 'Sorry...' overlay for a link to `target`. */
  ask: (target: string) => void
}

type GatedLinkProps = { to: string; gate: LoginGate; className?: string; 'aria-label'?: string; children: ReactNode }

/** A link to a login-only page; for a logged-out visitor it opens the 'Sorry...' overlay instead. */
export function GatedLink({ to, gate, className, children, ...rest }: GatedLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!gate.loggedOut) return
    event.preventDefault()
    gate.ask(to)
  }
  return (
    <Link to={to} onClick={onClick} className={className} {...rest}>
      {children}
    </Link>
  )
}

const buttonBase =
  'inline-flex flex-1 items-center justify-center gap-2 rounded-md px-4 py-3 text-sm font-semibold transition-colors'

/** 'Sorry...': provider reviews need a login or a free account. Login carries the way back. */
export function LoginNeededDialog({ target, onClose }: { target: string | null; onClose: () => void }) {
  // Keep the last target while the closing transition runs.
  const [shown, setShown] = useState(target)
  if (target !== null && target !== shown) setShown(target)

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-brand-950/60 transition-opacity duration-200 data-closed:opacity-0"
      />
      <DialogPanel
        transition
        className="relative w-full max-w-md rounded-lg bg-white p-6 shadow-xl transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 sm:p-8"
      >
        <button
          type="button"
          onClick={onClose}
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-brand-50 hover:text-brand-950"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </button>
        <DialogTitle className="pr-10 text-2xl font-bold tracking-tight text-brand-950">Sorry...</DialogTitle>
        <Description className="mt-3 text-muted">
          Provider reviews are only available to members. Log in, or sign up for a free account, to read
          and leave reviews.
        </Description>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={loginUrl(shown ?? '/')} className={`${buttonBase} bg-brand-700 text-white hover:bg-brand-800`}>
            <LogIn aria-hidden="true" className="size-4" />
            Login
          </Link>
          <Link
            to="/sign-up"
            className={`${buttonBase} border border-brand-600 text-brand-700 hover:bg-brand-50`}
          >
            <UserPlus aria-hidden="true" className="size-4" />
            Sign Up
          </Link>
        </div>
      </DialogPanel>
    </Dialog>
  )
}
