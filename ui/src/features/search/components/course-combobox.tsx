import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react'
import { Check, Search } from 'lucide-react'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useTypeahead, type SearchMode, type SearchOption } from '../api/get-typeahead'
import { optionLabel } from './option-label'

/** The type-ahead asks the server once typing pauses this long; it answers in under 2 ms. */
export const TYPEAHEAD_DEBOUNCE_MS = 150

const LABELS: Record<SearchMode, { label: string; placeholder: string }> = {
  qualification: { label: 'Qualification', placeholder: 'e.g. Certificate III in Commercial Cookery' },
  code: { label: 'Course code', placeholder: 'e.g. SIT30821' },
}

type CourseComboboxProps = {
  mode: SearchMode
  /** The text in the box. */
  query: string
  /** The course picked from the suggestions, if any. */
  selected: SearchOption | null
  onChange: (next: { query: string; selected: SearchOption | null }) => void
  /** An error message tied to the input. */
  errorId?: string
  invalid?: boolean
}

/**
 * The type-ahead: suggestions appear as the visitor types (debounced), arrows move through
 * them, Enter or a click picks one, Escape closes the list. Typing over a chosen course
 * forgets the choice, so what the box shows is always what will be searched for.
 */
export function CourseCombobox({ mode, query, selected, onChange, errorId, invalid }: CourseComboboxProps) {
  const debounced = useDebouncedValue(query, TYPEAHEAD_DEBOUNCE_MS)
  const suggestions = useTypeahead(debounced, mode, selected === null)
  const options = query.trim() && selected === null ? (suggestions.data ?? []) : []
  const { label, placeholder } = LABELS[mode]
  const noMatch =
    selected === null && query.trim() !== '' && debounced === query && suggestions.isSuccess && !suggestions.isPlaceholderData && suggestions.data.length === 0

  return (
    <Field>
      <Label className="text-sm font-semibold text-brand-950">{label}</Label>
      <Combobox
        value={selected}
        by="_id"
        onChange={(option: SearchOption | null) => {
          // Clearing the box also reports null here; the input's own handler has dealt with that.
          if (option) onChange({ selected: option, query: optionLabel(option, mode) })
        }}
      >
        <div className="relative mt-1.5">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
          <ComboboxInput
            // Show the typed text when nothing is chosen, so closing the list never wipes it.
            displayValue={(option: SearchOption | null) => (option ? optionLabel(option, mode) : query)}
            onChange={(event) => {
              const text = event.target.value
              const keep = selected !== null && text === optionLabel(selected, mode)
              onChange({ query: text, selected: keep ? selected : null })
            }}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={errorId}
            className="block w-full rounded-md border border-line bg-white py-3 pr-3 pl-10 text-base text-ink shadow-xs focus:border-brand-600 aria-invalid:border-danger-700"
          />
        </div>
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 6 }}
          // Not modal: the rest of the form (the Search button) stays usable while suggestions show.
          modal={false}
          className="z-40 max-h-80 w-(--input-width) overflow-y-auto rounded-lg border border-line bg-white p-1.5 shadow-lg empty:invisible"
        >
          {options.map((option) => (
            <ComboboxOption
              key={option._id}
              value={option}
              className="group flex cursor-pointer items-start gap-3 rounded-md px-3 py-2.5 text-sm data-focus:bg-brand-50"
            >
              <span className="w-20 shrink-0 font-semibold text-brand-700">{option.courseCode}</span>
              <span className="flex-1 text-ink">
                {option.name}
                {option.replaces && <span className="block text-xs text-muted">{option.replaces}</span>}
              </span>
              <Check aria-hidden="true" className="invisible size-4 shrink-0 text-brand-700 group-data-selected:visible" />
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      <p aria-live="polite" className={noMatch ? 'mt-2 text-sm text-muted' : 'sr-only'}>
        {noMatch
          ? `No course matches '${query.trim()}' yet. Check the spelling, or try the ${mode === 'code' ? 'course name' : 'course code'}.`
          : options.length > 0
            ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'} available`
            : ''}
      </p>
    </Field>
  )
}
