import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { optionalRefusal } from '@/lib/reviews/refusal'
import { unactionedCountQueryKey } from './get-unactioned-count'
import type { ReviewPage } from './pull-reviews'

export type ModerationAction = 'approve' | 'disapprove'

const decisionSchema = z.object({ _id: z.string(), actioned: z.boolean(), approved: z.boolean(), refusal: optionalRefusal })

export type Decision = z.infer<typeof decisionSchema>

/** What the admin decides: an approval, or a disapproval with a reason of the list and an optional note. */
export type DecisionRequest = { id: string } & ({ action: 'approve' } | { action: 'disapprove'; reason: string; note?: string })

/** POST /api/review/approvedisapprove: the admin's decision on one review. */
export function approveDisapprove(request: DecisionRequest) {
  return api.post('/api/review/approvedisapprove', request, decisionSchema)
}

/**
 * Decides on a review, then updates its card wherever a loaded page holds it (the card stays
 * where it is, now reading 'Approved' or 'Disapproved') and refetches the unactioned count.
 */
export function useApproveDisapprove() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: approveDisapprove,
    onSuccess: (decision) => {
      client.setQueriesData<ReviewPage>({ queryKey: ['moderation', 'reviews'] }, (page) =>
        page
          ? {
              ...page,
              reviews: page.reviews.map((review) =>
                review._id === decision._id
                  ? { ...review, actioned: decision.actioned, approved: decision.approved, refusal: decision.refusal }
                  : review,
              ),
            }
          : page,
      )
      void client.invalidateQueries({ queryKey: unactionedCountQueryKey })
    },
  })
}
