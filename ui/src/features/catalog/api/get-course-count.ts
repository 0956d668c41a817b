import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { embeddedAnswer, PAGE_DATA_AT } from '@/lib/page-data'
import { CATALOG_STALE_TIME } from '@/lib/query-retry'

const courseCountSchema = z.object({ count: z.number() })

/** POST /api/getcoursecount: how many courses the catalogue holds. */
export async function getCourseCount(): Promise<number> {
  const { count } = await api.post('/api/getcoursecount', {}, courseCountSchema)
  return count
}

export function useCourseCount() {
  return useQuery({
    queryKey: ['course-count'],
    queryFn: getCourseCount,
    initialData: () => embeddedAnswer('POST', '/api/getcoursecount', {}, courseCountSchema)?.count,
    initialDataUpdatedAt: PAGE_DATA_AT,
    staleTime: CATALOG_STALE_TIME,
  })
}
