import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react'
import { Check, ChevronDown } from 'lucide-react'
import { useState } from 'react'
import { controlClass } from '@/components/ui/form-field-props'
import { CONTENT_KINDS, type ContentKind } from '../api/content-kinds'
import type { ContentItem } from '../api/get-content-items'

type ItemPickerProps = {
  kind: ContentKind
  items: ContentItem[]
  selected: ContentItem | null
  onSelect: (item: ContentItem) => void
}

const label = (item: ContentItem) => (item.courseCode ? `${item.courseCode} ${item.name}` : item.name)

/** Words of the query, each found somewhere in the name (or a course's code). */
function matches(item: ContentItem, query: string) {
  const text = label(item).toLowerCase()
  return query.toLowerCase().split(/\s+/).every((word) => text.includes(word))
}

/**
 * Step two of Edit Content: the item, from a combobox that filters the whole list as the admin
 * types (arrows move, Enter picks, Escape closes); the button beside it opens the full list.
 */
export function ItemPicker({ kind, items, selected, onSelect }: ItemPickerProps) {
  const [query, setQuery] = useState('')
  const { label: kindLabel, plural } = CONTENT_KINDS[kind]
  const shown = query.trim() ? items.filter((item) => matches(item, query.trim())) : items

  return (
    <Field>
      <Label className="font-medium text-ink">{kindLabel}</Label>
      <Combobox
        value={selected}
        by="_id"
        onChange={(item: ContentItem | null) => item && onSelect(item)}
        onClose={() => setQuery('')}
      >
        <div className="relative mt-1.5">
          <ComboboxInput
            displayValue={(item: ContentItem | null) => (item ? label(item) : '')}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={`Type to search ${plural}`}
            autoComplete="off"
            spellCheck={false}
            className={`${controlClass(false)} pr-11`}
          />
          <ComboboxButton aria-label={`Show all ${plural}`} className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-muted hover:text-brand-700">
            <ChevronDown aria-hidden="true" className="size-5" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 6 }}
          className="z-40 max-h-80 w-(--input-width) overflow-y-auto rounded-lg border border-line bg-white p-1.5 shadow-lg empty:invisible"
        >
          {shown.map((item) => (
            <ComboboxOption
              key={item._id}
              value={item}
              className="group flex cursor-pointer items-start gap-3 rounded-md px-3 py-2.5 text-sm text-ink data-focus:bg-brand-50"
            >
              {item.courseCode && (
                <>
                  <span className="w-20 shrink-0 font-semibold text-brand-700">{item.courseCode}</span>{' '}
                </>
              )}
              <span className="flex-1">{item.name}</span>
              <Check aria-hidden="true" className="invisible size-4 shrink-0 text-brand-700 group-data-selected:visible" />
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      <p aria-live="polite" className={shown.length === 0 ? 'mt-2 text-sm text-muted' : 'sr-only'}>
        {shown.length === 0 ? `No ${plural} match '${query.trim()}'.` : query.trim() ? `${shown.length} ${shown.length === 1 ? 'match' : 'matches'}` : ''}
      </p>
    </Field>
  )
}
