import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { unactionedCountQueryKey } from './get-unactioned-count'
import type { ReviewPage } from './pull-reviews'

export type ModerationAction = 'approve' | 'disapprove'

const decisionSchema = z.object({ _id: z.string(), actioned: z.boolean(), approved: z.boolean() })

export type Decision = z.infer<typeof decisionSchema>

/** POST /api/review/approvedisapprove: the admin's decision on one review. */
export function approveDisapprove({ action, id }: { action: ModerationAction; id: string }) {
  return api.post('/api/review/approvedisapprove', { action, id }, decisionSchema)
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
                review._id === decision._id ? { ...review, actioned: decision.actioned, approved: decision.approved } : review,
              ),
            }
          : page,
      )
      void client.invalidateQueries({ queryKey: unactionedCountQueryKey })
    },
  })
}
