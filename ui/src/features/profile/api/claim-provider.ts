import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { claimedProviderSchema, myClaimQueryKey, myClaimSchema } from '@/lib/representation/my-claim'

/** GET /api/representation/providers?q=: up to 10 providers whose name holds the text. */
export function findProviders(text: string, signal?: AbortSignal) {
  return api.get(`/api/representation/providers?q=${encodeURIComponent(text)}`, z.array(claimedProviderSchema), signal)
}

export function useProviderSearch(text: string) {
  return useQuery({
    queryKey: ['representation', 'providers', text],
    queryFn: ({ signal }) => findProviders(text, signal),
    enabled: text.trim().length >= 2,
  })
}

export type ClaimInput = { providerId: string; workEmail: string }

/** POST /api/representation: asks to represent a provider; a link is mailed to the work email. */
export function claimProvider(input: ClaimInput) {
  return api.post('/api/representation', input, myClaimSchema)
}

export function useClaimProvider() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: claimProvider,
    onSuccess: (claim) => client.setQueryData(myClaimQueryKey, claim),
  })
}
