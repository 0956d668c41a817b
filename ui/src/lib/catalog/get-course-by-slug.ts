import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { courseSchema, type Course } from '@/lib/catalog-schemas'
import { embeddedAnswer, PAGE_DATA_AT } from '@/lib/page-data'
import { CATALOG_STALE_TIME, retryUnlessNotFound } from '@/lib/query-retry'

/** POST /api/getcoursebyslug: one course with the careers it leads to; 404 when unknown. One cache
 * entry for the catalogue pages and the course-provider page. */
export function getCourseBySlug(courseSlug: string): Promise<Course> {
  return api.post('/api/getcoursebyslug', { courseSlug }, courseSchema)
}

export function useCourseBySlug(courseSlug: string) {
  return useQuery({
    queryKey: ['course', courseSlug],
    queryFn: () => getCourseBySlug(courseSlug),
    initialData: () => embeddedAnswer('POST', '/api/getcoursebyslug', { courseSlug }, courseSchema),
    initialDataUpdatedAt: PAGE_DATA_AT,
    staleTime: CATALOG_STALE_TIME,
    retry: retryUnlessNotFound,
  })
}
