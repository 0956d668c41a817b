import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { reviewsQueryKey } from './get-reviews-for'

export type VoteAction = 'like' | 'dislike' | 'removelike' | 'removedislike'

const voteAnswerSchema = z.object({ _id: z.string(), likes: z.array(z.string()), dislikes: z.array(z.string()) })

/** POST /api/likeordislikereview. */
export function likeOrDislikeReview(vote: { action: VoteAction; reviewId: string; userId: string }) {
  return api.post('/api/likeordislikereview', vote, voteAnswerSchema)
}

/** Votes, then reloads the pair's review list; a failure is only logged (spec section 8). */
export function useVoteOnReview(courseId: string | undefined, providerId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: likeOrDislikeReview,
    onError: (error) => console.error('Could not record the vote', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey(courseId, providerId) }),
  })
}

/** The action a click on like (or dislike) sends, given what the user has already pressed. */
export function voteAction(kind: 'like' | 'dislike', pressed: { liked: boolean; disliked: boolean }): VoteAction {
  if (kind === 'like') return pressed.liked ? 'removelike' : 'like'
  return pressed.disliked ? 'removedislike' : 'dislike'
}
