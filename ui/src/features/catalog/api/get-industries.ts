import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { embeddedAnswer, PAGE_DATA_AT } from '@/lib/page-data'
import { CATALOG_STALE_TIME, retryUnlessNotFound } from '@/lib/query-retry'

export const industrySchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  copy: z._default(z.string(), ''),
  careerCount: z._default(z.number(), 0),
  reviewCount: z._default(z.number(), 0),
})

export type Industry = z.infer<typeof industrySchema>

const industriesSchema = z.array(industrySchema)

/** GET /api/industries: every industry, sorted by name. */
export function getIndustries({ signal }: { signal?: AbortSignal } = {}): Promise<Industry[]> {
  return api.get('/api/industries', industriesSchema, signal)
}

export function useIndustries() {
  return useQuery({
    queryKey: ['industries'],
    queryFn: getIndustries,
    initialData: () => embeddedAnswer('GET', '/api/industries', undefined, industriesSchema),
    initialDataUpdatedAt: PAGE_DATA_AT,
    staleTime: CATALOG_STALE_TIME,
    retry: retryUnlessNotFound,
  })
}
