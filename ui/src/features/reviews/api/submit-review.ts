import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { reviewedQueryKey } from './check-if-user-reviewed'
import { overallRatingQueryKey } from './get-overall-provider-rating'
import { providersQueryKey } from './get-provider'
import { reviewsQueryKey } from './get-reviews-for'

const submittedSchema = z.object({ _id: z.string(), score: z.nullable(z.number()), msg: z.string() })

export type SubmittedReview = z.infer<typeof submittedSchema>

/** POST /api/submitreview: the body carries each answer as a top-level field named by its slug. */
export function submitReview(body: Record<string, unknown>): Promise<SubmittedReview> {
  return api.post('/api/submitreview', body, submittedSchema)
}

/** Submits, then reloads what a sent review changes: the reviewed check, the pair's provider
 * and list, and the provider's overall rating. */
export function useSubmitReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitReview,
    onSuccess: (_review, body) => {
      const [userId, courseId, providerId] = [body.user, body.course, body.provider].map(String)
      void queryClient.invalidateQueries({ queryKey: reviewedQueryKey({ userId, courseId, providerId }) })
      void queryClient.invalidateQueries({ queryKey: providersQueryKey })
      void queryClient.invalidateQueries({ queryKey: reviewsQueryKey(courseId, providerId) })
      void queryClient.invalidateQueries({ queryKey: overallRatingQueryKey(providerId) })
    },
  })
}
