import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'
import { replySchema, reviewsQueryKey } from './get-reviews-for'

/** The longest reply, in characters (the server's rule). */
export const REPLY_MAX = 1000

type ReplyChange = { reviewId: string; action: 'post' | 'edit' | 'remove'; text?: string }

const METHOD = { post: 'POST', edit: 'PUT', remove: 'DELETE' } as const

/** POST, PUT or DELETE /api/reviews/{id}/reply: the provider's reply to a review. */
export async function changeReply({ reviewId, action, text }: ReplyChange): Promise<void> {
  const path = `/api/reviews/${encodeURIComponent(reviewId)}/reply`
  if (action === 'remove') await apiRequest(path, { method: 'DELETE', schema: z.object({ msg: z.string() }) })
  else await apiRequest(path, { method: METHOD[action], body: { text }, schema: replySchema })
}

/** Changes a reply, then reloads the pair's review list. */
export function useChangeReply(courseId: string, providerId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: changeReply,
    onSuccess: () => client.invalidateQueries({ queryKey: reviewsQueryKey(courseId, providerId) }),
  })
}
