import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { embeddedAnswer, PAGE_DATA_AT } from '@/lib/page-data'
import { CATALOG_STALE_TIME, retryUnlessNotFound } from '@/lib/query-retry'
import { careerSchema, type Career } from './career-schema'

/** POST /api/getcareerbyslug: one career with its industry; 404 when unknown. */
export function getCareerBySlug(careerSlug: string): Promise<Career> {
  return api.post('/api/getcareerbyslug', { careerSlug }, careerSchema)
}

export function useCareerBySlug(careerSlug: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['career', careerSlug],
    queryFn: () => getCareerBySlug(careerSlug),
    initialData: () => embeddedAnswer('POST', '/api/getcareerbyslug', { careerSlug }, careerSchema),
    initialDataUpdatedAt: PAGE_DATA_AT,
    staleTime: CATALOG_STALE_TIME,
    retry: retryUnlessNotFound,
  })
}
