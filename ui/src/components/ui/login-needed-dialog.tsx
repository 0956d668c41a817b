import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { LogIn, UserPlus, X } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { loginUrl } from '@/lib/login-url'

const buttonBase =
  'inline-flex flex-1 items-center justify-center gap-2 rounded-md px-4 py-3 text-sm font-semibold transition-colors'

/**
 * 'Sorry...': provider reviews need a login or a free account. Login carries the way back.
 * Loaded only when a visitor first needs it (see useLoginGate), with Headless UI's dialog.
 */
export default function LoginNeededDialog({ target, onClose }: { target: string | null; onClose: () => void }) {
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
