import { useId } from 'react'
import { DELIVERY_MODES } from '@/lib/offering-facts'
import { type ProviderFilters, INTAKE_WINDOWS } from '@/lib/provider-filters'
import { useFundingNotes } from '@/lib/funding-notes'

const fieldClass =
  'mt-1.5 block w-full rounded-md border border-line bg-white px-3 py-2.5 text-base text-ink shadow-xs focus:border-brand-600'

type Props = {
  filters: ProviderFilters
  /** Sets one address parameter (`delivery`, `maxFee`, `funding`, `intake`); '' removes it. */
  onChange: (name: string, value: string) => void
}

/** The course's fact filters: delivery mode, most fee, funding and an intake soon. */
export function FactFilters({ filters, onChange }: Props) {
  const id = useId()
  const notes = useFundingNotes()
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">Filter by the course's details</legend>
      <div>
        <label htmlFor={`${id}-delivery`} className="text-sm font-semibold text-brand-950">
          Delivery
        </label>
        <select id={`${id}-delivery`} value={filters.deliveryMode ?? ''} onChange={(e) => onChange('delivery', e.target.value)} className={fieldClass}>
          <option value="">Any</option>
          {DELIVERY_MODES.map((m) => (
            <option key={m} value={m}>
              {m.charAt(0).toUpperCase() + m.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-fee`} className="text-sm font-semibold text-brand-950">
          Fee at most ($)
        </label>
        <input
          id={`${id}-fee`}
          type="number"
          min={0}
          max={100000}
          step={100}
          inputMode="numeric"
          defaultValue={filters.maxFee ?? ''}
          onBlur={(e) => onChange('maxFee', e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && onChange('maxFee', e.currentTarget.value)}
          aria-describedby={`${id}-fee-hint`}
          className={fieldClass}
        />
        <p id={`${id}-fee-hint`} className="mt-1 text-xs text-muted">
          The subsidised fee where there is one
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-funding`} className="text-sm font-semibold text-brand-950">
          Funding
        </label>
        <select id={`${id}-funding`} value={filters.fundingNote ?? ''} onChange={(e) => onChange('funding', e.target.value)} className={fieldClass}>
          <option value="">Any</option>
          {(notes.data ?? (filters.fundingNote ? [filters.fundingNote] : [])).map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-intake`} className="text-sm font-semibold text-brand-950">
          Next intake
        </label>
        <select id={`${id}-intake`} value={filters.intakeWithinMonths ?? ''} onChange={(e) => onChange('intake', e.target.value)} className={fieldClass}>
          <option value="">Any time</option>
          {INTAKE_WINDOWS.map((m) => (
            <option key={m} value={m}>
              Within {m} months
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  )
}
