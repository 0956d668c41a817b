import { keepPreviousData, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'

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

/** A run of a searched review's text; `match` marks the searched words (the server's marks). */
const segmentSchema = z.object({ text: z.string(), match: z.boolean() })
export type Segment = z.infer<typeof segmentSchema>

/** The search's text rules (docs/reviews-api.md): letters or numbers it needs, characters it may have. */
export const SEARCH_MIN_CHARS = 3
export const SEARCH_MAX_CHARS = 200

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
    invited: z._default(z.boolean(), false),
    /** When the reviewer studied ('YYYY-MM' months), null when their answers say nothing. */
    studyPeriod: z._default(z.nullable(z.object({ start: z.nullable(z.string()), end: z.nullable(z.string()), studying: z.boolean() })), null),
    /** Only with a search: the title and comment as segments, the matches marked. */
    highlight: z.optional(z.object({ title: z.array(segmentSchema), comment: z.array(segmentSchema) })),
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
  /** Only the reviews whose title or comment holds these words; empty for all. */
  search?: string
}

/** A page of reviews; `total` is how many a search finds (null without a search). */
export type ReviewsPage = { reviews: ListedReview[]; total: number | null }

/** POST /api/getreviewsfor: one page (at most 20) of the pair's approved reviews. */
export async function getReviewsFor({ stars, search, ...filter }: ReviewFilter): Promise<ReviewsPage> {
  let total: number | null = null
  const reviews = await apiRequest('/api/getreviewsfor', {
    method: 'POST',
    body: { ...filter, ...(stars ? { stars } : {}), ...(search ? { search } : {}) },
    schema: z.array(listedReviewSchema),
    onHeaders: (headers) => {
      const count = Number(headers.get('X-Total-Count'))
      if (search && headers.has('X-Total-Count') && Number.isFinite(count)) total = count
    },
  })
  return { reviews, total }
}

export const reviewsQueryKey = (courseId?: string, providerId?: string) => ['reviews-for', courseId, providerId] as const

export function useReviewsFor(filter: Partial<ReviewFilter> & Omit<ReviewFilter, 'courseId' | 'providerId'>) {
  const { courseId, providerId } = filter
  return useQuery({
    queryKey: [...reviewsQueryKey(courseId, providerId), filter.sort, filter.userType, filter.stars ?? null, filter.page, filter.search ?? ''],
    queryFn: () => getReviewsFor(filter as ReviewFilter),
    enabled: Boolean(courseId && providerId),
    placeholderData: keepPreviousData,
  })
}
