import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const randomProviderSchema = z.object({
  courseSlug: z.string(),
  providerSlug: z.string(),
  providerName: z.string(),
  courseName: z.string(),
  reviewCount: z._default(z.number(), 0),
  data: z._default(z.array(z.object({ userType: z.string(), score: z.nullable(z.number()) })), []),
  /** The average of the pair's approved rated reviews, null without one; `ratedCount` is their number. */
  overall: z._default(z.nullable(z.number()), null),
  ratedCount: z._default(z.number(), 0),
})

export type RandomProvider = z.infer<typeof randomProviderSchema>

const randomProvidersSchema = z.array(randomProviderSchema)

/** GET /api/getrandomprovider: the home page's featured provider (the first item), or null. */
export async function getRandomProvider({ signal }: { signal?: AbortSignal } = {}): Promise<RandomProvider | null> {
  const list = await api.get('/api/getrandomprovider', randomProvidersSchema, signal)
  return list[0] ?? null
}

export function useRandomProvider() {
  // One pick per visit: refetching on focus would swap the card under the reader.
  return useQuery({ queryKey: ['random-provider'], queryFn: getRandomProvider, staleTime: Infinity })
}

/** The average score of one user type ('Student' or 'Employer'), or null without reviews. */
export function averageFor(provider: RandomProvider, userType: 'Student' | 'Employer'): number | null {
  return provider.data.find((d) => d.userType === userType)?.score ?? null
}
