import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api, apiRequest } from '@/lib/api-client'
import { FACT_SOURCES } from '@/lib/offering-facts'

const flaggedSchema = z.object({
  _id: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  courseSlug: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  providerSlug: z.string(),
  providerWebsite: z.string(),
  courseUrl: z.string(),
  source: z.nullable(z.enum(FACT_SOURCES)),
  changedAt: z.nullable(z.string()),
})
export type FlaggedCoursePage = z.infer<typeof flaggedSchema>

/** GET /api/admin/flagged-course-pages: offerings whose course web page is off the provider's website domain. */
export function getFlaggedCoursePages(signal?: AbortSignal) {
  return api.get('/api/admin/flagged-course-pages', z.array(flaggedSchema), signal)
}

/** DELETE /api/admin/flagged-course-pages/{id}: the admin checked the page is the provider's own. */
export function clearCoursePageFlag(offeringId: string) {
  return apiRequest(`/api/admin/flagged-course-pages/${encodeURIComponent(offeringId)}`, { method: 'DELETE' })
}

export function useFlaggedCoursePages() {
  return useQuery({ queryKey: ['offering-facts', 'flagged'], queryFn: ({ signal }) => getFlaggedCoursePages(signal) })
}

/** How many course pages wait for an admin's check (at most the list's 200), for the admin menu. */
export function useFlaggedCoursePagesCount() {
  return useFlaggedCoursePages().data?.length
}

export function useClearCoursePageFlag() {
  const client = useQueryClient()
  return useMutation({ mutationFn: clearCoursePageFlag, onSuccess: () => client.invalidateQueries({ queryKey: ['offering-facts'] }) })
}
