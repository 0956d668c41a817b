import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

// A Course Provider user's claim to represent a provider: read by the profile's claim section
// (to show its status) and by the course-provider page (an approved representative may reply
// there); made by the claim section. Both calls of /api/representation live here, its one client.

export const CLAIM_STATUSES = ['unverified', 'pending', 'approved', 'refused', 'revoked'] as const
export type ClaimStatus = (typeof CLAIM_STATUSES)[number]

export const claimedProviderSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string(), websiteUrl: z.string() })
export type ClaimedProvider = z.infer<typeof claimedProviderSchema>

export const myClaimSchema = z.object({
  _id: z.string(),
  provider: claimedProviderSchema,
  workEmail: z.string(),
  status: z.enum(CLAIM_STATUSES),
  createdAt: z.string(),
})
export type MyClaim = z.infer<typeof myClaimSchema>

export const myClaimQueryKey = ['representation', 'mine'] as const

/** GET /api/representation: the caller's latest claim, or null. */
export function getMyClaim({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/representation', z.nullable(myClaimSchema), signal)
}

/** The caller's claim; only asked for Course Provider accounts (`enabled`). */
export function useMyClaim(enabled: boolean) {
  return useQuery({ queryKey: myClaimQueryKey, queryFn: getMyClaim, enabled })
}

/** The provider the user may reply for now, if their claim is approved. */
export function useRepresentedProviderId(enabled: boolean): string | undefined {
  const { data } = useMyClaim(enabled)
  return data?.status === 'approved' ? data.provider._id : undefined
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
