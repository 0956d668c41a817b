import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { providerListSchema, type Provider } from '@/lib/catalog-schemas'
import { embeddedAnswer, PAGE_DATA_AT } from '@/lib/page-data'
import type { ProviderFilters } from '@/lib/provider-filters'
import { retryUnlessNotFound } from '@/lib/query-retry'

/**
 * POST /api/getprovidersbycourseid: the providers delivering a course, A-Z (or by fee), with
 * their counts and facts for it, narrowed by the reader's filters on the server.
 */
export function getProvidersByCourseId(courseId: string, filters: ProviderFilters = {}): Promise<Provider[]> {
  return api.post('/api/getprovidersbycourseid', { courseId, ...filters }, providerListSchema)
}

export function useProvidersByCourseId(courseId: string | undefined, filters: ProviderFilters = {}) {
  const unfiltered = Object.keys(filters).length === 0
  return useQuery({
    queryKey: ['providers-by-course', courseId, filters],
    queryFn: () => getProvidersByCourseId(courseId ?? '', filters),
    enabled: courseId !== undefined,
    // The page's first data is the unfiltered list only.
    initialData: () =>
      courseId === undefined || !unfiltered
        ? undefined
        : embeddedAnswer('POST', '/api/getprovidersbycourseid', { courseId }, providerListSchema),
    initialDataUpdatedAt: PAGE_DATA_AT,
    // The list stays while a new filter loads, so the controls do not jump.
    placeholderData: keepPreviousData,
    // Review counts move as reviews are approved; a minute is fresh enough.
    staleTime: 60_000,
    retry: retryUnlessNotFound,
  })
}
