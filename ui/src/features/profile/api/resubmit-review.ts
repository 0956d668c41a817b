import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { userReviewsQueryKey } from './get-user-reviews'

const resubmittedSchema = z.object({ _id: z.string(), status: z.string(), msg: z.string() })

export type Resubmission = { id: string; title: string; comment: string; incentivised: boolean }

/** POST /api/review/resubmit: a refused review, edited, goes back to the moderators. */
export function resubmitReview(body: Resubmission) {
  return api.post('/api/review/resubmit', body, resubmittedSchema)
}

/** Resubmits, then reloads the author's reviews (the review now awaits moderation). */
export function useResubmitReview(userId: string | undefined) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: resubmitReview,
    onSuccess: () => client.invalidateQueries({ queryKey: userReviewsQueryKey(userId) }),
  })
}
