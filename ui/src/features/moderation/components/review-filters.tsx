import { Search } from 'lucide-react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { primaryButton } from '@/components/ui/button-styles'
import { SEARCH_FIELDS, withActioned, withApproved, type ReviewFilter, type SearchField } from '../api/review-filter'

type ReviewFiltersProps = { filter: ReviewFilter; onChange: (filter: ReviewFilter) => void }

const fieldClass =
  'mt-1.5 block w-full rounded-md border border-line bg-white px-3 py-2.5 text-base text-ink shadow-xs focus:border-brand-600'
const labelClass = 'text-sm font-semibold text-brand-950'

const USER_TYPES = [
  { value: 'All', label: 'All' },
  { value: 'Student', label: 'Student or Graduate' },
  { value: 'Employer', label: 'Employer' },
] as const

/**
 * The Moderate Reviews filters (spec: Moderate Reviews): user type, sort, Actioned/Unactioned,
 * the decision (only for actioned reviews) and a text search in a chosen field. Selects and
 * radios apply at once; the search runs on Enter or its button.
 */
export function ReviewFilters({ filter, onChange }: ReviewFiltersProps) {
  const id = useId()
  const [searchBy, setSearchBy] = useState<SearchField>(filter.searchBy)
  const [searchText, setSearchText] = useState(filter.searchText)

  const search = (event: FormEvent) => {
    event.preventDefault()
    onChange({ ...filter, searchBy, searchText: searchText.trim() })
  }

  return (
    <div className="space-y-4 rounded-lg border border-line bg-surface p-4 sm:p-5">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <div>
          <label htmlFor={`${id}-type`} className={labelClass}>
            User type
          </label>
          <select
            id={`${id}-type`}
            value={filter.userType}
            onChange={(event) => onChange({ ...filter, userType: event.target.value as ReviewFilter['userType'] })}
            className={fieldClass}
          >
            {USER_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className={labelClass}>
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={filter.sort}
            onChange={(event) => onChange({ ...filter, sort: event.target.value as ReviewFilter['sort'] })}
            className={fieldClass}
          >
            <option value="Oldest">Oldest</option>
            <option value="Latest">Latest</option>
          </select>
        </div>
        <RadioGroup legend="Status">
          <Radio name={`${id}-actioned`} label="Actioned" checked={filter.actioned} onSelect={() => onChange(withActioned(filter, true))} />
          <Radio
            name={`${id}-actioned`}
            label="Unactioned"
            checked={!filter.actioned}
            onSelect={() => onChange(withActioned(filter, false))}
          />
        </RadioGroup>
        <fieldset>
          <legend className={labelClass}>Signals</legend>
          <label className="mt-1.5 inline-flex cursor-pointer items-center gap-2 py-2.5 text-ink">
            <input
              type="checkbox"
              checked={filter.flagged}
              onChange={(event) => onChange({ ...filter, flagged: event.target.checked })}
              className="size-4 accent-brand-700"
            />
            Flagged
          </label>
        </fieldset>
        {filter.actioned && (
          <RadioGroup legend="Decision">
            <Radio name={`${id}-approved`} label="Both" checked={filter.approved === null} onSelect={() => onChange(withApproved(filter, null))} />
            <Radio
              name={`${id}-approved`}
              label="Approved"
              checked={filter.approved === true}
              onSelect={() => onChange(withApproved(filter, true))}
            />
            <Radio
              name={`${id}-approved`}
              label="Disapproved"
              checked={filter.approved === false}
              onSelect={() => onChange(withApproved(filter, false))}
            />
          </RadioGroup>
        )}
      </div>

      <form role="search" aria-label="Search reviews" onSubmit={search} className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-field`} className={labelClass}>
            Search in
          </label>
          <select id={`${id}-field`} value={searchBy} onChange={(event) => setSearchBy(event.target.value as SearchField)} className={fieldClass}>
            {SEARCH_FIELDS.map((field) => (
              <option key={field} value={field}>
                {field}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-text`} className={labelClass}>
            Search text
          </label>
          <input
            id={`${id}-text`}
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={`Type a ${searchBy.toLowerCase()}`}
            autoComplete="off"
            className={fieldClass}
          />
        </div>
        <button type="submit" className={`${primaryButton} h-[2.875rem]`}>
          <Search aria-hidden="true" className="size-5" />
          Search
        </button>
      </form>
    </div>
  )
}

function RadioGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-2 py-2.5">{children}</div>
    </fieldset>
  )
}

type RadioProps = { name: string; label: string; checked: boolean; onSelect: () => void }

function Radio({ name, label, checked, onSelect }: RadioProps) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-ink">
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="size-4 accent-brand-700" />
      {label}
    </label>
  )
}
