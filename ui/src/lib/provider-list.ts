/** Sorting and filtering of a course's providers (the providers list and the search results). */

export const PROVIDER_SORTS = [
  { value: 'most-reviewed', label: 'Most Reviewed' },
  { value: 'top-student', label: 'Top Rated (Student or Graduate)' },
  { value: 'top-employer', label: 'Top Rated (Employer)' },
  { value: 'a-z', label: 'A-Z' },
  { value: 'lowest-fee', label: 'Lowest fee' },
  { value: 'recent-score', label: 'Best score, last 24 months' },
  { value: 'closest', label: 'Closest to me' },
] as const

export type ProviderSort = (typeof PROVIDER_SORTS)[number]['value']

export const DEFAULT_PROVIDER_SORT: ProviderSort = 'most-reviewed'

/** The fields the sorts look at. */
export type SortableProvider = {
  name: string
  reviewCount: { total: number }
  rating: { student: number | null; employer: number | null; recent?: number | null }
  distance: number | null
  facts?: { fee: number | null; subsidisedFee?: number | null }
}

const collator = new Intl.Collator('en-AU', { sensitivity: 'base', numeric: true })

/** Providers whose name contains `text`, ignoring case; everyone when `text` is blank. */
export function filterByName<T extends { name: string }>(providers: readonly T[], text: string): T[] {
  const needle = text.trim().toLocaleLowerCase()
  if (!needle) return [...providers]
  return providers.filter((p) => p.name.toLocaleLowerCase().includes(needle))
}

/** Larger first; unknown (null) after every known value. */
const descending = (a: number | null, b: number | null) => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  return b - a
}

/** Smaller first; unknown (null) after every known value. */
const ascending = (a: number | null, b: number | null) => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  return a - b
}

/** The lowest fee, as the server's `maxFee` filter and 'Lowest fee' sort compare it: the subsidised fee where one is set. */
const lowest = (p: SortableProvider) => p.facts?.subsidisedFee ?? p.facts?.fee ?? null

const COMPARE: Record<ProviderSort, (a: SortableProvider, b: SortableProvider) => number> = {
  'most-reviewed': (a, b) => b.reviewCount.total - a.reviewCount.total,
  'top-student': (a, b) => descending(a.rating.student, b.rating.student),
  'top-employer': (a, b) => descending(a.rating.employer, b.rating.employer),
  'a-z': () => 0,
  'lowest-fee': (a, b) => ascending(lowest(a), lowest(b)),
  // As the server's 'recent-score': providers without a recent score (fewer than 3) last.
  'recent-score': (a, b) => descending(a.rating.recent ?? null, b.rating.recent ?? null),
  closest: (a, b) => ascending(a.distance, b.distance),
}

/**
 * The spec's order: A-Z first, then a stable sort by the chosen option, so providers that tie
 * (the same count, no rating yet) stay in alphabetical order. Unrated and unlocated providers
 * come after the rest.
 */
export function sortProviders<T extends SortableProvider>(providers: readonly T[], sort: ProviderSort): T[] {
  const alphabetical = [...providers].sort((a, b) => collator.compare(a.name, b.name))
  return alphabetical.sort(COMPARE[sort])
}
