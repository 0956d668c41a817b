import { Search } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import type { SearchMode } from '../api/get-typeahead'
import { CourseCombobox } from './course-combobox'
import { isSearchValid, type SearchFormValue } from './search-params'

type SearchFormProps = {
  value: SearchFormValue
  onChange: (value: SearchFormValue) => void
  onSubmit: (value: SearchFormValue) => void
}

const MODES: { value: SearchMode; label: string }[] = [
  { value: 'qualification', label: 'Qualification' },
  { value: 'code', label: 'Course code' },
]

/** Search by qualification name or by course code, with the type-ahead; submits only when valid. */
export function SearchForm({ value, onChange, onSubmit }: SearchFormProps) {
  const id = useId()
  const [showError, setShowError] = useState(false)
  const invalid = showError && !isSearchValid(value)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isSearchValid(value)) {
      setShowError(true)
      return
    }
    setShowError(false)
    onSubmit(value)
  }

  return (
    <form role="search" aria-label="Course search" onSubmit={submit} noValidate className="rounded-lg border border-line bg-white p-5 shadow-sm sm:p-6">
      <fieldset>
        <legend className="text-sm font-semibold text-brand-950">Search by</legend>
        <div className="mt-2 inline-flex rounded-md border border-line bg-surface p-1">
          {MODES.map((mode) => (
            <label
              key={mode.value}
              className="relative cursor-pointer rounded-sm px-4 py-2 text-sm font-semibold text-muted has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus-ring)"
            >
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode.value}
                checked={value.mode === mode.value}
                onChange={() => onChange({ mode: mode.value, selected: null, query: '' })}
                className="sr-only"
              />
              {mode.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <CourseCombobox
            mode={value.mode}
            query={value.query}
            selected={value.selected}
            onChange={(next) => onChange({ ...value, ...next })}
            invalid={invalid}
            errorId={invalid ? `${id}-error` : undefined}
          />
          {invalid && (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-danger-700">
              Choose a course from the list, or type its {value.mode === 'code' ? 'code' : 'name'}.
            </p>
          )}
        </div>
        <button
          type="submit"
          className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 sm:mt-7"
        >
          <Search aria-hidden="true" className="size-5" />
          Search
        </button>
      </div>
    </form>
  )
}
