import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { embeddedAnswer, PAGE_DATA_AT } from '@/lib/page-data'
import { CATALOG_STALE_TIME, retryUnlessNotFound } from '@/lib/query-retry'
import { careerSchema, type Career } from '@/lib/catalog/career-schema'

const careersSchema = z.array(careerSchema)

/** POST /api/getcareersbyindustryid: an industry's careers. */
export function getCareersByIndustryId(industryId: string): Promise<Career[]> {
  return api.post('/api/getcareersbyindustryid', { industryId }, careersSchema)
}

export function useCareersByIndustryId(industryId: string | undefined) {
  return useQuery({
    queryKey: ['careers-by-industry', industryId],
    queryFn: () => getCareersByIndustryId(industryId ?? ''),
    enabled: industryId !== undefined,
    initialData: () =>
      industryId === undefined
        ? undefined
        : embeddedAnswer('POST', '/api/getcareersbyindustryid', { industryId }, careersSchema),
    initialDataUpdatedAt: PAGE_DATA_AT,
    staleTime: CATALOG_STALE_TIME,
    retry: retryUnlessNotFound,
  })
}
