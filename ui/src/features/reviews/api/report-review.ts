import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

/** POST /api/reviews/{id}/report: a reader reports a published review, once, with a reason. */
export function reportReview({ reviewId, reason, note }: { reviewId: string; reason: string; note?: string }) {
  return api.post(`/api/reviews/${encodeURIComponent(reviewId)}/report`, { reason, note }, z.object({ msg: z.string() }))
}

export function useReportReview() {
  return useMutation({ mutationFn: reportReview })
}
