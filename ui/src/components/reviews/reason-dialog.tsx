import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react'
import { X } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { dangerButton, secondaryButton } from '@/components/ui/button-styles'
import { useReasons } from '@/lib/reviews/get-reasons'

/** The longest note the server takes (src/moderation/reasons.rs). */
export const NOTE_MAX = 500

type ReasonDialogProps = {
  open: boolean
  /** The dialog's heading ('Disapprove review', 'Report review'). */
  title: string
  /** What the choice is for and who reads it. */
  description: string
  /** The note field's label, without '(required)' or '(optional)'. */
  noteLabel: string
  /** The confirming button's label. */
  confirmLabel: string
  busy: boolean
  /** The server's message when the decision failed. */
  error: string | null
  onClose: () => void
  onConfirm: (choice: { reason: string; note?: string }) => void
}

/**
 * A reason from the server's one list (radio buttons) and an optional note, required for
 * 'Other': asked before a moderator's 'no' or a removal after a report (the author sees both in
 * the notification, the mail and on their reviews page) and of a reader reporting a review.
 */
export function ReasonDialog({ open, title, description, noteLabel, confirmLabel, busy, error, onClose, onConfirm }: ReasonDialogProps) {
  const id = useId()
  const reasons = useReasons()
  const [reason, setReason] = useState('')
  const [note, setNote] = useState('')
  const [tried, setTried] = useState(false)
  const chosen = reasons.data?.find((r) => r.key === reason)
  const reasonProblem = tried && !chosen ? 'Choose a reason' : null
  const noteProblem =
    note.length > NOTE_MAX
      ? `The note must not be longer than ${NOTE_MAX} characters`
      : tried && chosen?.needsText && note.trim() === ''
        ? 'Say what is wrong: a note is required when the reason is Other'
        : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!chosen || (chosen.needsText && note.trim() === '') || note.length > NOTE_MAX) return
    onConfirm({ reason: chosen.key, note: note.trim() === '' ? undefined : note.trim() })
  }

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <DialogBackdrop transition className="fixed inset-0 bg-brand-950/60 transition-opacity duration-200 data-closed:opacity-0" />
      <DialogPanel
        transition
        className="relative max-h-full w-full max-w-lg overflow-y-auto rounded-lg bg-white p-6 shadow-xl transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 sm:p-8"
      >
        <button
          type="button"
          onClick={onClose}
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-brand-50 hover:text-brand-950"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </button>
        <DialogTitle className="pr-10 text-2xl font-bold tracking-tight text-brand-950">{title}</DialogTitle>
        <Description className="mt-2 break-words text-muted">{description}</Description>

        <form noValidate onSubmit={submit} className="mt-6 space-y-5">
          <fieldset aria-describedby={reasonProblem ? `${id}-reason-error` : undefined}>
            <legend className="text-sm font-semibold text-brand-950">Reason</legend>
            {reasons.isPending ? (
              <p className="mt-2 text-sm text-muted">Loading the reasons…</p>
            ) : reasons.isError ? (
              <p role="alert" className="mt-2 text-sm font-medium text-danger-700">
                The reasons could not be loaded. Close this and try again.
              </p>
            ) : (
              <div className="mt-2 grid gap-2">
                {reasons.data.map((option) => (
                  <label
                    key={option.key}
                    htmlFor={`${id}-${option.key}`}
                    className="flex cursor-pointer items-center gap-3 rounded-md border border-line bg-white px-3 py-2.5 text-ink has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-3 has-focus-visible:ring-brand-400 hover:border-brand-600"
                  >
                    <input
                      id={`${id}-${option.key}`}
                      type="radio"
                      name={`${id}-reason`}
                      value={option.key}
                      checked={reason === option.key}
                      onChange={() => setReason(option.key)}
                      className="size-4 shrink-0 accent-brand-700"
                    />
                    <span>{option.label}</span>
                  </label>
                ))}
              </div>
            )}
            {reasonProblem && (
              <p id={`${id}-reason-error`} className="mt-2 text-sm font-medium text-danger-700">
                {reasonProblem}
              </p>
            )}
          </fieldset>

          <div>
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor={`${id}-note`} className="text-sm font-semibold text-brand-950">
                {noteLabel} {chosen?.needsText ? '(required)' : '(optional)'}
              </label>
              <span id={`${id}-note-count`} className={`text-sm ${note.length > NOTE_MAX ? 'font-semibold text-danger-700' : 'text-muted'}`}>
                {note.length}/{NOTE_MAX}
              </span>
            </div>
            <textarea
              id={`${id}-note`}
              rows={3}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              aria-invalid={noteProblem ? true : undefined}
              aria-describedby={`${id}-note-count${noteProblem ? ` ${id}-note-error` : ''}`}
              className={`mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-ink shadow-xs focus:border-brand-600 ${
                noteProblem ? 'border-danger-700' : 'border-line'
              }`}
            />
            {noteProblem && (
              <p id={`${id}-note-error`} className="mt-1.5 text-sm font-medium text-danger-700">
                {noteProblem}
              </p>
            )}
          </div>

          {error && (
            <p role="alert" className="text-sm font-medium text-danger-700">
              {error}
            </p>
          )}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={secondaryButton}>
              Cancel
            </button>
            <button type="submit" disabled={busy || !reasons.isSuccess} className={dangerButton}>
              {busy ? 'Sending…' : confirmLabel}
            </button>
          </div>
        </form>
      </DialogPanel>
    </Dialog>
  )
}
