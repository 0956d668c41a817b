/** The disclosure question (DESIGN decision 19), asked of every reviewer; the server checks it too. */
export const INCENTIVE_QUESTION = 'Did you receive payment, a gift or a discount for this review?'
export const INCENTIVE_REQUIRED = 'Please say whether you received payment, a gift or a discount for this review'

type IncentiveFieldProps = {
  idPrefix: string
  value: boolean | undefined
  onChange: (value: boolean) => void
  /** Shown under the choices (the form was sent without an answer). */
  error?: string | null
}

/**
 * 'Did you receive payment, a gift or a discount for this review?' with Yes and No, required,
 * in the review form and when a refused review is edited.
 */
export function IncentiveField({ idPrefix, value, onChange, error }: IncentiveFieldProps) {
  const id = `${idPrefix}-incentivised`
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`
  return (
    <fieldset data-question="incentivised" aria-describedby={describedBy} className="rounded-lg border border-line bg-surface p-4 sm:p-5">
      <legend className="float-left w-full text-base font-semibold text-brand-950">{INCENTIVE_QUESTION}</legend>
      <p id={`${id}-hint`} className="clear-left pt-1 text-sm text-muted">
        Answer yes if anyone (the provider, an employer or CourseSource&rsquo;s beta testing program) paid you, gave you
        something or a discount for writing it. Such reviews are published with an &lsquo;Incentivised review&rsquo; label.
      </p>
      <div className="clear-left grid grid-cols-2 gap-2 pt-3 sm:max-w-sm">
        {([true, false] as const).map((answer) => (
          <label
            key={String(answer)}
            htmlFor={`${id}-${answer ? 'yes' : 'no'}`}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-line bg-white px-3 py-2.5 text-ink has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-3 has-focus-visible:ring-brand-400 hover:border-brand-600"
          >
            <input
              id={`${id}-${answer ? 'yes' : 'no'}`}
              type="radio"
              name={id}
              checked={value === answer}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(answer)}
              className="size-4 shrink-0 accent-brand-700"
            />
            <span>{answer ? 'Yes' : 'No'}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
