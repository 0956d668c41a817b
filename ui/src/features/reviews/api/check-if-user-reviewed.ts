import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

export type ReviewedPair = { userId: string; courseId: string; providerId: string }

/** POST /api/review/checkifuserreviewed: whether the user has already reviewed the pair. */
export async function checkIfUserReviewed(pair: ReviewedPair): Promise<boolean> {
  return Boolean(await api.post('/api/review/checkifuserreviewed', pair, z.unknown()))
}

export const reviewedQueryKey = (pair: Partial<ReviewedPair>) =>
  ['user-reviewed', pair.userId, pair.courseId, pair.providerId] as const

/** Asked only for a user who may review (`enabled`). */
export function useUserReviewed(pair: Partial<ReviewedPair>, enabled: boolean) {
  return useQuery({
    queryKey: reviewedQueryKey(pair),
    queryFn: () => checkIfUserReviewed(pair as ReviewedPair),
    enabled: enabled && Boolean(pair.userId && pair.courseId && pair.providerId),
  })
}
