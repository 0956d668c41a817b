/** Providers per page, and the limit while a provider-name filter is active (spec section 9). */
export const PROVIDER_PAGE_SIZE = 20
export const FILTERED_PAGE_SIZE = 1000
/** Page numbers shown either side of the current page. */
const SPREAD = 2

/** Total pages: the ceiling of size over limit (at least one, so page 1 always exists). */
export function totalPages(size: number, limit: number): number {
  return Math.max(1, Math.ceil(size / limit))
}

/** Where a page starts: (page - 1) × limit. */
export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit
}

/** The items of `list` on `page`. */
export function pageSlice<T>(list: readonly T[], page: number, limit: number): T[] {
  const start = pageOffset(page, limit)
  return list.slice(start, start + limit)
}

export type PagerItem = number | 'gap-before' | 'gap-after'

/**
 * What the pager shows: the page numbers within 2 of the current page (at most 5), plus the
 * first and last pages with an ellipsis where numbers are skipped, e.g. 1 … 4 5 6 7 8 … 12.
 */
export function pagerItems(current: number, pages: number): PagerItem[] {
  if (pages <= 1) return []
  const page = Math.min(Math.max(1, current), pages)
  const from = Math.max(1, page - SPREAD)
  const to = Math.min(pages, page + SPREAD)
  const items: PagerItem[] = []
  if (from > 1) items.push(1)
  if (from > 2) items.push('gap-before')
  for (let n = from; n <= to; n++) items.push(n)
  if (to < pages - 1) items.push('gap-after')
  if (to < pages) items.push(pages)
  return items
}
