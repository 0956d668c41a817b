import { useMemo, useState } from 'react'
import { FILTERED_PAGE_SIZE, PROVIDER_PAGE_SIZE, pageSlice, totalPages } from './paging'
import { DEFAULT_PROVIDER_SORT, filterByName, sortProviders, type ProviderSort, type SortableProvider } from './provider-list'
import { useDebouncedValue } from './use-debounced-value'

/** The provider-name filter applies once typing has paused this long (spec section 9). */
export const PROVIDER_FILTER_DEBOUNCE_MS = 600

/**
 * The state of a providers list: the typed filter (applied after a 600 ms pause), the sort, and
 * the page. Page size is 20, or 1000 while a filter is active; a new filter or sort starts again
 * at page 1. 'Closest to me' only counts while `closestAvailable`.
 */
export function useProviderList<T extends SortableProvider>(
  providers: readonly T[],
  closestAvailable: boolean,
  /** A sort kept elsewhere (the page's address), instead of this list's own. */
  controlled?: { sort: ProviderSort; setSort: (sort: ProviderSort) => void },
) {
  const [text, setText] = useState('')
  const filter = useDebouncedValue(text.trim(), PROVIDER_FILTER_DEBOUNCE_MS)
  const [ownSort, setOwnSort] = useState<ProviderSort>(DEFAULT_PROVIDER_SORT)
  const chosenSort = controlled?.sort ?? ownSort
  const setSort = controlled?.setSort ?? setOwnSort
  const sort = chosenSort === 'closest' && !closestAvailable ? DEFAULT_PROVIDER_SORT : chosenSort

  const listed = useMemo(() => sortProviders(filterByName(providers, filter), sort), [providers, filter, sort])
  const limit = filter ? FILTERED_PAGE_SIZE : PROVIDER_PAGE_SIZE
  const pages = totalPages(listed.length, limit)

  // The page belongs to one filter and sort; when either changes the list starts at page 1.
  const view = `${filter}\n${sort}`
  const [paging, setPaging] = useState({ page: 1, view })
  if (paging.view !== view) setPaging({ page: 1, view })
  const page = paging.view === view ? Math.min(paging.page, pages) : 1

  return {
    text,
    setText,
    filter,
    sort,
    setSort,
    page,
    setPage: (next: number) => setPaging({ page: Math.min(Math.max(1, next), pages), view }),
    pages,
    limit,
    total: listed.length,
    visible: pageSlice(listed, page, limit),
  }
}
