import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { providerListSchema, type Provider } from '@/lib/catalog-schemas'
import { embeddedAnswer, PAGE_DATA_AT } from '@/lib/page-data'
import { retryUnlessNotFound } from '@/lib/query-retry'

/** POST /api/getprovidersbycourseid: the providers delivering a course, A-Z, with their counts for it. */
export function getProvidersByCourseId(courseId: string): Promise<Provider[]> {
  return api.post('/api/getprovidersbycourseid', { courseId }, providerListSchema)
}

export function useProvidersByCourseId(courseId: string | undefined) {
  return useQuery({
    queryKey: ['providers-by-course', courseId],
    queryFn: () => getProvidersByCourseId(courseId ?? ''),
    enabled: courseId !== undefined,
    initialData: () =>
      courseId === undefined
        ? undefined
        : embeddedAnswer('POST', '/api/getprovidersbycourseid', { courseId }, providerListSchema),
    initialDataUpdatedAt: PAGE_DATA_AT,
    // Review counts move as reviews are approved; a minute is fresh enough.
    staleTime: 60_000,
    retry: retryUnlessNotFound,
  })
}
