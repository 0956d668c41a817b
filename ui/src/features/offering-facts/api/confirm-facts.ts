import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'

const confirmedSchema = z.object({ confirmed: z.number() })

/** POST /api/providers/{id}/offerings/confirm: the provider's facts not confirmed for 12 months, confirmed as still correct. */
export function confirmFacts(providerId: string) {
  return apiRequest(`/api/providers/${encodeURIComponent(providerId)}/offerings/confirm`, { method: 'POST', schema: confirmedSchema })
}

export function useConfirmFacts() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: confirmFacts,
    onSuccess: () => client.invalidateQueries({ queryKey: ['offering-facts'] }),
  })
}
