import { keepPreviousData, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'
import { optionalRefusal } from '@/lib/reviews/refusal'
import { MODERATION_PAGE_SIZE, type ReviewFilter } from './review-filter'

export const moderationReviewSchema = z.object({
  _id: z.string(),
  user: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    avatar: z.catch(z.nullable(z.number()), 0),
    profileImage: z._default(z.nullable(z.string()), null),
  }),
  userType: z.string(),
  score: z.nullable(z.number()),
  createdAt: z.string(),
  provider: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  course: z.object({ _id: z.string(), courseCode: z.string(), name: z.string(), slug: z.string() }),
  title: z.string(),
  comment: z.string(),
  /** Question slug to answer: text, or { month, year }. */
  questions: z._default(z.record(z.string(), z.unknown()), {}),
  actioned: z.boolean(),
  approved: z.boolean(),
  /** Why it is not published, when disapproved with a reason. */
  refusal: optionalRefusal,
  /** The reviewer received payment, a gift or a discount for it. */
  incentivised: z._default(z.boolean(), false),
  invited: z._default(z.boolean(), false),
  /** The signals of a fake review it raised, in plain words (moderators only). */
  signals: z._default(z.array(z.object({ signal: z.string(), text: z.string() })), []),
})

export type ModerationReview = z.infer<typeof moderationReviewSchema>

/** `capped`: more than 1,000 reviews of the asked state have the search text in their title, and only the newest 1,000 are listed. */
export type ReviewPage = { reviews: ModerationReview[]; total: number; capped: boolean }

export const pullReviewsQueryKey = (filter: ReviewFilter, page: number) => ['moderation', 'reviews', filter, page] as const

/**
 * POST /api/review/pullreviews: one page (10) of the reviews the filter matches; the
 * `X-Total-Count` header says how many match in all, and `X-Total-Capped` that a title search
 * read only the newest 1,000 titles holding its text.
 */
export async function pullReviews(filter: ReviewFilter, page: number): Promise<ReviewPage> {
  let total: number | null = null
  let capped = false
  const reviews = await apiRequest('/api/review/pullreviews', {
    method: 'POST',
    body: { ...filter, page },
    schema: z.array(moderationReviewSchema),
    onHeaders: (headers) => {
      const count = Number(headers.get('X-Total-Count'))
      if (headers.has('X-Total-Count') && Number.isFinite(count)) total = count
      capped = headers.get('X-Total-Capped') === 'true'
    },
  })
  // Without the header, all we know is what this page holds.
  return { reviews, total: total ?? (page - 1) * MODERATION_PAGE_SIZE + reviews.length, capped }
}

export function usePullReviews(filter: ReviewFilter, page: number) {
  return useQuery({
    queryKey: pullReviewsQueryKey(filter, page),
    queryFn: () => pullReviews(filter, page),
    // Keep the cards on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  })
}
