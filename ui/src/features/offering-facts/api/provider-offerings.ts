import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { campusSchema, offeringFactsSchema } from '@/lib/offering-facts'

export const providerFactsSchema = z.object({
  providerId: z.string(),
  campuses: z.array(campusSchema),
  offerings: z.array(offeringFactsSchema),
  fundingNotes: z.array(z.string()),
})
export type ProviderFacts = z.infer<typeof providerFactsSchema>

export const providerOfferingsKey = (providerId: string) => ['offering-facts', 'provider', providerId] as const

/** GET /api/providers/{id}/offerings: a provider's offerings with their facts, for its representative or an admin. */
export function getProviderOfferings(providerId: string, signal?: AbortSignal) {
  return api.get(`/api/providers/${encodeURIComponent(providerId)}/offerings`, providerFactsSchema, signal)
}

export function useProviderOfferings(providerId: string | undefined) {
  return useQuery({
    queryKey: providerOfferingsKey(providerId ?? ''),
    queryFn: ({ signal }) => getProviderOfferings(providerId ?? '', signal),
    enabled: !!providerId,
  })
}
