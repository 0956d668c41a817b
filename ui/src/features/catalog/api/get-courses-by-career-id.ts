import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { courseSchema, type Course } from '@/lib/catalog-schemas'
import { embeddedAnswer, PAGE_DATA_AT } from '@/lib/page-data'
import { CATALOG_STALE_TIME, retryUnlessNotFound } from '@/lib/query-retry'

const coursesSchema = z.array(courseSchema)

/** POST /api/getcoursesbycareerid: the courses that lead to a career. */
export function getCoursesByCareerId(careerId: string): Promise<Course[]> {
  return api.post('/api/getcoursesbycareerid', { careerId }, coursesSchema)
}

export function useCoursesByCareerId(careerId: string | undefined) {
  return useQuery({
    queryKey: ['courses-by-career', careerId],
    queryFn: () => getCoursesByCareerId(careerId ?? ''),
    enabled: careerId !== undefined,
    initialData: () =>
      careerId === undefined ? undefined : embeddedAnswer('POST', '/api/getcoursesbycareerid', { careerId }, coursesSchema),
    initialDataUpdatedAt: PAGE_DATA_AT,
    staleTime: CATALOG_STALE_TIME,
    retry: retryUnlessNotFound,
  })
}
