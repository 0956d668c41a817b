import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api, ApiError } from '@/lib/api-client'
import { courseSchema, providerSchema } from '@/lib/catalog-schemas'
import { offeringFactsSchema } from '@/lib/offering-facts'
import { ratingDetailsSchema } from './get-rating-details'

const comparisonSchema = z.object({
  course: courseSchema,
  /** In the order asked, each with this course's counts and averages and its rating details. */
  providers: z.array(
    z.object({ provider: providerSchema, details: ratingDetailsSchema, facts: z.optional(offeringFactsSchema) }),
  ),
})

export type Comparison = z.infer<typeof comparisonSchema>
export type ComparedProvider = Comparison['providers'][number]

/** POST /api/compareproviders: one to three providers of a course side by side. */
export function compareProviders(courseSlug: string, providerSlugs: readonly string[]): Promise<Comparison> {
  return api.post('/api/compareproviders', { courseSlug, providerSlugs }, comparisonSchema)
}

export function useComparison(courseSlug: string, providerSlugs: readonly string[]) {
  return useQuery({
    queryKey: ['compare-providers', courseSlug, ...providerSlugs],
    queryFn: () => compareProviders(courseSlug, providerSlugs),
    // A 400 (too many, not offered) or 404 (unknown slug) will not change on a second try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  })
}
