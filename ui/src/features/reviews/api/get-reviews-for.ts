import { keepPreviousData, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

export const REVIEW_SORTS = ['Most Recent', 'Most Liked', 'Top Rated', 'Most Helpful'] as const
export type ReviewSort = (typeof REVIEW_SORTS)[number]
export const REVIEW_USER_TYPES = ['All', 'Student', 'Employer'] as const
export type ReviewUserTypeFilter = (typeof REVIEW_USER_TYPES)[number]

/** Reviews per page of the list (docs/reviews-api.md). */
export const REVIEWS_PAGE_SIZE = 20

export const replySchema = z.object({
  providerName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  formerRepresentative: z.boolean(),
})

export type Reply = z.infer<typeof replySchema>

const listedReviewSchema = z.object({
  user: z.object({ _id: z.string(), name: z.string(), image: z.string(), userType: z.string() }),
  review: z.object({
    _id: z.string(),
    title: z.string(),
    score: z.nullable(z.number()),
    comment: z.string(),
    userType: z.string(),
    createdAt: z.string(),
    likes: z._default(z.array(z.string()), []),
    dislikes: z._default(z.array(z.string()), []),
    questions: z._default(z.record(z.string(), z.unknown()), {}),
    reply: z._default(z.nullable(replySchema), null),
    /** The reviewer received payment, a gift or a discount for it. */
    incentivised: z._default(z.boolean(), false),
    /** When the reviewer studied ('YYYY-MM' months), null when their answers say nothing. */
    studyPeriod: z._default(z.nullable(z.object({ start: z.nullable(z.string()), end: z.nullable(z.string()), studying: z.boolean() })), null),
  }),
})

export type ListedReview = z.infer<typeof listedReviewSchema>

export type ReviewFilter = {
  courseId: string
  providerId: string
  sort: ReviewSort
  userType: ReviewUserTypeFilter
  /** Only the reviews of this many whole stars (a bar of the distribution); null for all. */
  stars?: number | null
  page: number
}

/** POST /api/getreviewsfor: one page (at most 20) of the pair's approved reviews. */
export function getReviewsFor({ stars, ...filter }: ReviewFilter): Promise<ListedReview[]> {
  return api.post('/api/getreviewsfor', stars ? { ...filter, stars } : filter, z.array(listedReviewSchema))
}

export const reviewsQueryKey = (courseId?: string, providerId?: string) => ['reviews-for', courseId, providerId] as const

export function useReviewsFor(filter: Partial<ReviewFilter> & Omit<ReviewFilter, 'courseId' | 'providerId'>) {
  const { courseId, providerId } = filter
  return useQuery({
    queryKey: [...reviewsQueryKey(courseId, providerId), filter.sort, filter.userType, filter.stars ?? null, filter.page],
    queryFn: () => getReviewsFor(filter as ReviewFilter),
    enabled: Boolean(courseId && providerId),
    placeholderData: keepPreviousData,
  })
}
