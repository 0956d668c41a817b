import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { optionalRefusal } from '@/lib/reviews/refusal'

export const REVIEW_STATUSES = ['unactioned', 'approved', 'disapproved'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

const userReviewSchema = z.object({
  _id: z.string(),
  title: z.string(),
  comment: z.string(),
  score: z.nullable(z.number()),
  userType: z.string(),
  createdAt: z.string(),
  actioned: z.boolean(),
  approved: z.boolean(),
  status: z.optional(z.enum(REVIEW_STATUSES)),
  /** Why it was not published, when disapproved with a reason. */
  refusal: optionalRefusal,
  incentivised: z._default(z.boolean(), false),
  invited: z._default(z.boolean(), false),
  // Lists of one, as the spec's answer has them.
  provider: z.array(z.object({ _id: z.string(), name: z.string(), slug: z.string() })),
  course: z.array(z.object({ _id: z.string(), name: z.string(), courseCode: z.string(), slug: z.string() })),
})

export type UserReview = z.infer<typeof userReviewSchema>

/**
 * The label shown to a review's author (DESIGN decision 4, the non-inverted reading): not
 * actioned is 'unactioned'; actioned is 'approved' or 'disapproved' as the admin decided.
 */
export function reviewStatus(review: Pick<UserReview, 'actioned' | 'approved' | 'status'>): ReviewStatus {
  if (review.status) return review.status
  if (!review.actioned) return 'unactioned'
  return review.approved ? 'approved' : 'disapproved'
}

/** POST /api/review/getuserreviews: the user's own reviews, newest first. */
export function getUserReviews(userId: string) {
  return api.post('/api/review/getuserreviews', { userId }, z.array(userReviewSchema))
}

export const userReviewsQueryKey = (userId: string | undefined) => ['user-reviews', userId] as const

export function useUserReviews(userId: string | undefined) {
  return useQuery({
    queryKey: userReviewsQueryKey(userId),
    queryFn: () => getUserReviews(userId!),
    enabled: userId !== undefined,
  })
}
