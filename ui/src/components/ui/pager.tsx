import { ChevronLeft, ChevronRight } from 'lucide-react'
import { pagerItems } from '@/lib/paging'

type PagerProps = {
  page: number
  pages: number
  onChange: (page: number) => void
  /** Names the navigation landmark, e.g. 'Providers pages'. */
  label?: string
}

const buttonClass =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md px-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40'

/** The spec's paging widget: Previous, the numbers within 2 of the current page with ellipses, Next. */
export function Pager({ page, pages, onChange, label = 'Pagination' }: PagerProps) {
  const items = pagerItems(page, pages)
  if (items.length === 0) return null
  return (
    <nav aria-label={label} className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            onClick={() => onChange(page - 1)}
            disabled={page <= 1}
            className={`${buttonClass} text-brand-700 hover:bg-brand-50 disabled:hover:bg-transparent`}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </button>
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                onClick={() => onChange(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                className={`${buttonClass} ${
                  item === page ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50 hover:text-brand-700'
                }`}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            onClick={() => onChange(page + 1)}
            disabled={page >= pages}
            className={`${buttonClass} text-brand-700 hover:bg-brand-50 disabled:hover:bg-transparent`}
          >
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </li>
      </ul>
    </nav>
  )
}
