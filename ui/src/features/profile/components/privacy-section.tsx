import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Download, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { dangerButton, secondaryButton } from '@/components/ui/button-styles'
import { FormCard } from '@/components/ui/form-card'
import { FormMessage } from '@/components/ui/form-field'
import { TextInput } from '@/components/ui/text-input'
import { errorLines } from '@/lib/error-lines'
import { useDeleteAccount } from '../api/delete-account'
import { leaveForHome } from './leave-for-home'

/** 'Download my data' and 'Delete my account' (the Australian Privacy Principles' part). */
export function PrivacySection() {
  const [deleting, setDeleting] = useState(false)
  return (
    <FormCard id="profile-privacy-title" title="Your data" description="Take a copy of everything we store about you, or delete your account.">
      <div className="flex flex-col gap-3 sm:flex-row">
        <a href="/api/account/export" download="coursesource-my-data.json" className={secondaryButton}>
          <Download aria-hidden="true" className="size-5" />
          Download my data
        </a>
        <button type="button" className={`${secondaryButton} border-danger-700 text-danger-700 hover:bg-danger-50`} onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" className="size-5" />
          Delete my account
        </button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </FormCard>
  )
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useDeleteAccount()
  const [problem, setProblem] = useState<string[]>([])
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } })

  const close = () => {
    reset()
    setProblem([])
    onClose()
  }

  const submit = async ({ password }: { password: string }) => {
    setProblem([])
    try {
      await remove.mutateAsync(password)
      leaveForHome()
    } catch (error) {
      setProblem(errorLines(error))
    }
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
            <DialogTitle className="text-xl font-bold text-brand-950">Delete my account</DialogTitle>
            <Description className="mt-2 text-muted">
              This deletes your account, your favourites and your reviews for good. Enter your password to confirm.
            </Description>
            <form noValidate onSubmit={handleSubmit(submit)} onChange={() => setProblem([])} className="mt-5 space-y-5">
              <TextInput
                id="delete-password"
                label="Password"
                type="password"
                autoComplete="current-password"
                error={errors.password?.message}
                field={register('password', { required: 'Password is required' })}
              />
              {problem.length > 0 && <FormMessage tone="error" messages={problem} />}
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <button type="button" className={secondaryButton} onClick={close}>
                  Cancel
                </button>
                <button type="submit" className={dangerButton} disabled={remove.isPending}>
                  {remove.isPending ? 'Deleting…' : 'Delete my account'}
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  )
}
