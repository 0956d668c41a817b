import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const overallRatingSchema = z.object({
  totalScore: z.number(),
  count: z.number(),
  average: z._default(z.nullable(z.number()), null),
})

export type OverallRating = z.infer<typeof overallRatingSchema>

/** POST /api/getoverallproviderrating: the provider's rating across all its courses. */
export function getOverallProviderRating(providerId: string): Promise<OverallRating> {
  return api.post('/api/getoverallproviderrating', { providerId }, overallRatingSchema)
}

export const overallRatingQueryKey = (providerId: string | undefined) => ['provider-overall-rating', providerId] as const

export function useOverallProviderRating(providerId: string | undefined) {
  return useQuery({
    queryKey: overallRatingQueryKey(providerId),
    queryFn: () => getOverallProviderRating(providerId ?? ''),
    enabled: providerId !== undefined,
  })
}

/** The average out of 5, or null without reviews. */
export function overallAverage(rating: OverallRating | undefined): number | null {
  if (!rating || rating.count === 0) return null
  return rating.average ?? rating.totalScore / rating.count
}
