import type { QueryClient } from '@tanstack/react-query'

/**
 * The first element of every query key that holds catalogue copy or names (features/catalog,
 * lib/catalog, the search results). invalidate-catalog.test.ts checks the catalogue's api files
 * against this list, so a new catalogue query cannot be forgotten here.
 */
export const CATALOG_QUERY_ROOTS = [
  'industries',
  'career',
  'careers-by-industry',
  'course',
  'courses-by-career',
  'course-count',
  'providers-by-course',
  'random-provider',
  'search-results',
  'funding-notes',
] as const

/** After an admin edits the catalogue: the public pages show the new copy when next shown. */
export function invalidateCatalog(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => (CATALOG_QUERY_ROOTS as readonly unknown[]).includes(query.queryKey[0]),
  })
}
