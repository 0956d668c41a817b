import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const bars = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()])

/** One question's share: how many of a reviewer type answered it, and how many positively. */
const shareSchema = z.object({
  question: z.string(),
  userType: z.enum(['Student', 'Employer']),
  /** What a positive answer says, after '86% of students': 'say the trainers were knowledgeable'. */
  finding: z.string(),
  positive: z.number(),
  answered: z.number(),
})

/**
 * The share of the pair's students who found work in the course's field within six months
 * (issue 29), with its count and note; null below 5 answers.
 */
const outcomeSchema = z.object({ inField: z.number(), answered: z.number(), note: z.string() })

/** POST /api/getratingdetails (docs/reviews-api.md, Rating details). */
export const ratingDetailsSchema = z.object({
  /** Per reviewer type, the approved rated reviews of 1, 2, 3, 4 and 5 whole stars (index 0: 1 star). */
  distribution: z.object({ Student: bars, Employer: bars }),
  /** This course at this provider, in form order, students first; only shares of 5 answers up. */
  questions: z.array(shareSchema),
  /** The same across all of the provider's courses. */
  providerQuestions: z.array(shareSchema),
  /** What happened after: null below 5 answers. */
  outcome: z._default(z.nullable(outcomeSchema), null),
})

export type Share = z.infer<typeof shareSchema>
export type Outcome = z.infer<typeof outcomeSchema>
export type RatingDetails = z.infer<typeof ratingDetailsSchema>
export type Distribution = RatingDetails['distribution']

export function getRatingDetails(courseId: string, providerId: string): Promise<RatingDetails> {
  return api.post('/api/getratingdetails', { courseId, providerId }, ratingDetailsSchema)
}

export const ratingDetailsQueryKey = (courseId: string | undefined, providerId: string | undefined) =>
  ['rating-details', courseId, providerId] as const

export function useRatingDetails(courseId: string | undefined, providerId: string | undefined) {
  return useQuery({
    queryKey: ratingDetailsQueryKey(courseId, providerId),
    queryFn: () => getRatingDetails(courseId ?? '', providerId ?? ''),
    enabled: Boolean(courseId && providerId),
  })
}
