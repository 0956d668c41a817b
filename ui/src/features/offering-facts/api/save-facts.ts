import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { offeringFactsSchema } from '@/lib/offering-facts'

/** What an editor sends: the facts, and the version they loaded (a newer one answers 409). */
export type FactsInput = {
  version: number
  fee: number | null
  subsidisedFee: number | null
  subsidyState: string | null
  durationWeeks: number | null
  durationMaxWeeks: number | null
  deliveryModes: string[]
  campusIds: string[]
  intakes: string[]
  fundingNotes: string[]
  courseUrl: string
}

/** PUT /api/offerings/{id}/facts */
export function saveFacts({ offeringId, facts }: { offeringId: string; facts: FactsInput }) {
  return apiRequest(`/api/offerings/${encodeURIComponent(offeringId)}/facts`, { method: 'PUT', body: facts, schema: offeringFactsSchema })
}

export function useSaveFacts() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: saveFacts,
    onSuccess: () => client.invalidateQueries({ queryKey: ['offering-facts'] }),
  })
}
