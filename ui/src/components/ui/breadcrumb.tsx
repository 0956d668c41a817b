import { ChevronRight } from 'lucide-react'
import { Link } from 'react-router'

export type Crumb = { label: string; to?: string }

/** Where the page sits: links to each level above it, the page itself last and unlinked. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-muted">
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className="flex items-center gap-1.5">
            {index > 0 && <ChevronRight aria-hidden="true" className="size-4 shrink-0" />}
            {item.to ? (
              <Link to={item.to} className="rounded-sm font-medium text-brand-700 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-ink">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
