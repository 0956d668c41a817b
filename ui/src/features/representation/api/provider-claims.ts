import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { CLAIM_STATUSES, type ClaimStatus, claimedProviderSchema } from './my-claim'

const adminClaimSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  provider: claimedProviderSchema,
  workEmail: z.string(),
  status: z.enum(CLAIM_STATUSES),
  createdAt: z.string(),
  verifiedAt: z.nullable(z.string()),
  warnings: z.array(z.string()),
})
export type AdminClaim = z.infer<typeof adminClaimSchema>

export const pendingClaimsQueryKey = ['provider-claims', 'pending-count'] as const

/** GET /api/admin/provider-claims/pending-count: claims waiting for a decision (the menu badge). */
export function usePendingClaimsCount() {
  return useQuery({
    queryKey: pendingClaimsQueryKey,
    queryFn: ({ signal }) => api.get('/api/admin/provider-claims/pending-count', z.number(), signal),
  })
}

/** GET /api/admin/provider-claims?status=: the claims in one status, with their warnings. */
export function useProviderClaims(status: ClaimStatus) {
  return useQuery({
    queryKey: ['provider-claims', 'list', status],
    queryFn: ({ signal }) => api.get(`/api/admin/provider-claims?status=${status}`, z.array(adminClaimSchema), signal),
  })
}

export type ClaimAction = 'approve' | 'refuse' | 'revoke'

/** POST /api/admin/provider-claims/{id}/decision: approve, refuse or revoke. */
export function useDecideClaim() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ClaimAction }) =>
      api.post(`/api/admin/provider-claims/${encodeURIComponent(id)}/decision`, { action }, z.object({ _id: z.string(), status: z.enum(CLAIM_STATUSES) })),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['provider-claims'] }),
  })
}
