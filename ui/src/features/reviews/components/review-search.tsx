import { Search, X } from 'lucide-react'
import { useId, type FormEvent } from 'react'
import { SEARCH_MAX_CHARS } from '../api/get-reviews-for'
import { matchCount, tooShort } from '../lib/search-text'

type ReviewSearchProps = {
  /** What the reader has typed. */
  text: string
  onTextChange: (text: string) => void
  /** Enter searches at once, without waiting for the pause. */
  onSubmit: () => void
  onClear: () => void
  /** The search the list shows and how many reviews it finds, once known. */
  shown: { search: string; total: number } | null
}

const fieldClass =
  'block w-full rounded-md border border-line bg-white py-2.5 pr-3 pl-10 text-base text-ink shadow-xs focus:border-brand-600 [&::-webkit-search-cancel-button]:hidden'

/** The search box over the pair's reviews, its hint, and how many reviews match. */
export function ReviewSearch({ text, onTextChange, onSubmit, onClear, shown }: ReviewSearchProps) {
  const id = useId()
  const short = tooShort(text)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form role="search" aria-label="Search the reviews" onSubmit={submit} className="mt-5">
      <label htmlFor={`${id}-search`} className="text-sm font-semibold text-brand-950">
        Search the reviews
      </label>
      <div className="relative mt-1.5 flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
          <input
            id={`${id}-search`}
            type="search"
            value={text}
            maxLength={SEARCH_MAX_CHARS}
            onChange={(event) => onTextChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && text) {
                event.preventDefault()
                onClear()
              }
            }}
            placeholder="e.g. placement, trainers, online"
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            className={fieldClass}
          />
        </div>
        {text && (
          <button
            type="button"
            onClick={onClear}
            className="inline-flex shrink-0 items-center gap-1 rounded-md border border-line bg-white px-3 text-sm font-semibold text-brand-700 hover:border-brand-600 hover:bg-brand-50"
          >
            <X aria-hidden="true" className="size-4" />
            Clear <span className="sr-only">the search</span>
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
        {short ? 'Type at least 3 letters or numbers to search.' : 'Finds the words in review titles and comments.'}
      </p>
      <p role="status" className="mt-2 font-medium text-brand-950 empty:hidden">
        {shown ? matchCount(shown.total, shown.search) : ''}
      </p>
    </form>
  )
}
