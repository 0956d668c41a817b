import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { dangerButton, secondaryButton } from '@/components/ui/button-styles'
import type { FoundUser } from '../api/search-user'

type Props = { open: boolean; user: FoundUser; deleting: boolean; onConfirm: () => void; onCancel: () => void }

/** The spec's confirm step: 'Are you sure you want to delete this user?', Yes Delete User or Cancel. */
export function DeleteUserDialog({ open, user, deleting, onConfirm, onCancel }: Props) {
  // Escape and the backdrop cancel too, but not while the deletion is on its way.
  const close = () => {
    if (!deleting) onCancel()
  }
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-brand-950/60 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            transition
            className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 sm:p-6"
          >
            <DialogTitle className="text-xl font-bold text-brand-950">Are you sure you want to delete this user?</DialogTitle>
            <Description className="mt-2 text-muted">
              {user.firstName} {user.lastName} (<span className="break-all">{user.email}</span>) goes for good, with their
              reviews, favourites and votes.
            </Description>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              {/* Cancel has the focus first: the safe choice for a key pressed too soon. */}
              <button type="button" className={secondaryButton} onClick={close} disabled={deleting} autoFocus>
                Cancel
              </button>
              <button type="button" className={dangerButton} onClick={onConfirm} disabled={deleting}>
                {deleting ? 'Deleting…' : 'Yes Delete User'}
              </button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  )
}
