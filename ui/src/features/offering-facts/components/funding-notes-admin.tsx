import { type FormEvent, useId, useState } from 'react'
import { primaryButton } from '@/components/ui/button-styles'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass } from '@/components/ui/form-field-props'
import { errorLines } from '@/lib/error-lines'
import { useFundingNotes } from '@/lib/funding-notes'
import { useAddFundingNote } from '../api/add-funding-note'

/** The funding-note list editors choose from, and a form that adds a note at its end (notes are never renamed: offerings keep theirs). */
export function FundingNotesAdmin() {
  const id = useId()
  const notes = useFundingNotes()
  const add = useAddFundingNote()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [done, setDone] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    setDone(null)
    add.mutate(name, {
      onSuccess: () => {
        setDone(`'${name.trim()}' added to the funding notes`)
        setName('')
      },
      onError: (e) => setError(errorLines(e).join(' ')),
    })
  }
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-10">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-950">
        Funding notes
      </h2>
      <p className="mt-1 text-muted">The list representatives and admins choose an offering's funding from, in this order.</p>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Funding notes">
        {(notes.data ?? []).map((note) => (
          <li key={note} className="rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink">
            {note}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} aria-label="Add a funding note" className="mt-4 flex flex-col gap-3 sm:max-w-md">
        {done && <FormMessage tone="success" messages={[done]} />}
        <Field id={`${id}-name`} label="New funding note" error={error}>
          <input
            {...controlA11y(`${id}-name`, { error })}
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            className={controlClass(!!error)}
          />
        </Field>
        <button type="submit" className={`${primaryButton} self-start`} disabled={add.isPending}>
          Add funding note
        </button>
      </form>
    </section>
  )
}
