/**
 * What the National Training Register records about a provider, shown as its record and never
 * as our judgement (DESIGN decision 28): a suspension or cancellation in force, and an offering
 * no longer on the register (its reviews stay readable under the label).
 */
export function StandingTag({ standing }: { standing: string }) {
  if (standing !== 'suspended' && standing !== 'cancelled') return null
  return (
    <span
      data-testid="standing-tag"
      className="inline-flex items-center rounded-full border border-red-700 bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800"
    >
      {standing === 'suspended' ? 'Registration suspended (National Training Register)' : 'Registration cancelled (National Training Register)'}
    </span>
  )
}

/** 'No longer registered to deliver this course since MONTH YEAR', as the server words it. */
export function RetiredNotice({ label }: { label: string }) {
  return (
    <p data-testid="retired-notice" role="note" className="rounded-md border border-line bg-surface px-4 py-3 text-sm font-medium text-ink">
      {label}. The reviews below were written while it did.
    </p>
  )
}
