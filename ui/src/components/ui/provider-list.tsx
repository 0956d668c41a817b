import { SearchX } from 'lucide-react'
import { type ReactNode, useId, useMemo, useRef } from 'react'
import type { Provider } from '@/lib/catalog-schemas'
import { useCompareSelection } from '@/lib/compare-selection'
import { distanceKm, type LatLng } from '@/lib/geo'
import { pageOffset } from '@/lib/paging'
import { PROVIDER_SORTS, type ProviderSort } from '@/lib/provider-list'
import { useProviderList } from '@/lib/use-provider-list'
import { CompareBar } from './compare-bar'
import { EmptyState } from './empty-state'
import type { LoginGate } from './login-gate'
import { Pager } from './pager'
import { ProviderCard, type ListedProvider } from './provider-card'

type ProviderListProps = {
  providers: readonly Provider[]
  /** The visitor's position once geolocation is granted: distances and 'Closest to me'. */
  origin: LatLng | null
  /** Where each provider's 'View / Leave a review' link goes. */
  linkFor: (provider: Provider) => string
  gate: LoginGate
  /** Shown on every card (the search results). */
  course?: { courseCode: string; name: string }
  /** The course's slug: each card gets a 'Compare' checkbox, and the compare bar shows. */
  compareCourse?: string
  /** A sort kept in the page's address, and how to change it. */
  sort?: { sort: ProviderSort; setSort: (sort: ProviderSort) => void }
  /** More filters, drawn under the name search (the course's fact filters). */
  filters?: ReactNode
  /** Said when the other filters leave no provider. */
  filtered?: boolean
}

/** Distance to the nearest campus of the offering, or to the provider's own place without campuses. */
function nearest(origin: LatLng | null, p: Provider): number | null {
  const places = p.facts?.campuses.length ? p.facts.campuses : [{ latitude: p.location.Latitude, longitude: p.location.Longitude }]
  const distances = places.map((place) => distanceKm(origin, place)).filter((d): d is number => d !== null)
  return distances.length ? Math.min(...distances) : null
}

const fieldClass =
  'mt-1.5 block w-full rounded-md border border-line bg-white px-3 py-2.5 text-base text-ink shadow-xs focus:border-brand-600'

/** A course's providers with the name filter, the sort select and the pager (spec: Providers list). */
export function ProviderList({ providers, origin, linkFor, gate, course, compareCourse, sort, filters, filtered }: ProviderListProps) {
  const id = useId()
  const top = useRef<HTMLDivElement>(null)
  const located = useMemo<ListedProvider[]>(
    () =>
      providers.map((p) => ({
        ...p,
        distance: nearest(origin, p),
      })),
    [providers, origin],
  )
  const list = useProviderList(located, origin !== null, sort)
  const compare = useCompareSelection(compareCourse ?? '')
  const sorts = PROVIDER_SORTS.filter((s) => s.value !== 'closest' || origin !== null)

  const changePage = (page: number) => {
    list.setPage(page)
    top.current?.scrollIntoView?.({ block: 'start' })
  }

  const first = pageOffset(list.page, list.limit) + 1
  const last = first + list.visible.length - 1
  const summary =
    list.total === 0
      ? ''
      : list.total <= list.limit
        ? `${list.total} ${list.total === 1 ? 'provider' : 'providers'}`
        : `Showing ${first}–${last} of ${list.total} providers`

  return (
    <div ref={top} className="scroll-mt-4">
      <div className="grid gap-4 rounded-lg border border-line bg-surface p-4 sm:grid-cols-[1fr_auto] sm:p-5">
        <div>
          <label htmlFor={`${id}-filter`} className="text-sm font-semibold text-brand-950">
            Search providers by name
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            value={list.text}
            onChange={(event) => list.setText(event.target.value)}
            placeholder="e.g. Harbour"
            autoComplete="off"
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className="text-sm font-semibold text-brand-950">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={list.sort}
            onChange={(event) => list.setSort(event.target.value as ProviderSort)}
            className={`${fieldClass} sm:min-w-64`}
          >
            {sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        {filters && <div className="sm:col-span-2">{filters}</div>}
      </div>

      <p aria-live="polite" className="mt-5 mb-3 text-sm text-muted">
        {summary}
      </p>

      {list.total === 0 ? (
        <EmptyState icon={SearchX} title="No providers found">
          {list.filter
            ? 'No provider name contains that text. Try a shorter or different name.'
            : filtered
              ? 'No provider matches these filters. Try fewer or wider ones.'
              : null}
        </EmptyState>
      ) : (
        <ul aria-label="Providers" className="space-y-3">
          {list.visible.map((provider) => (
            <li key={provider._id}>
              <ProviderCard
                provider={provider}
                to={linkFor(provider)}
                gate={gate}
                course={course}
                compare={
                  compareCourse === undefined
                    ? undefined
                    : { checked: compare.selected.includes(provider.slug), onToggle: () => compare.toggle(provider.slug) }
                }
              />
            </li>
          ))}
        </ul>
      )}

      {list.total > list.limit && (
        <div className="mt-6">
          <Pager page={list.page} pages={list.pages} onChange={changePage} label="Providers pages" />
        </div>
      )}
      {compareCourse !== undefined && compare.selected.length > 0 && (
        <CompareBar count={compare.selected.length} url={compare.url} refused={compare.refused} onClear={compare.clear} />
      )}
    </div>
  )
}
