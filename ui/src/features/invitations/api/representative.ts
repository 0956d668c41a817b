import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const batchSchema = z.object({
  _id: z.string(),
  offeringId: z.string(),
  courseName: z.string(),
  courseCode: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  attestation: z.string(),
  sent: z.number(),
  accepted: z.number(),
  createdAt: z.string(),
  sentBy: z.nullable(z.string()),
})
export type Batch = z.infer<typeof batchSchema>

const historySchema = z.object({
  providerName: z.string(),
  dailyLimit: z.number(),
  remainingToday: z.number(),
  batches: z.array(batchSchema),
})
export type History = z.infer<typeof historySchema>

const sentSchema = z.object({
  msg: z.string(),
  sent: z.number(),
  notSent: z.array(z.object({ msg: z.string(), param: z.optional(z.nullable(z.string())) })),
})
export type Sent = z.infer<typeof sentSchema>

export type Sending = {
  offeringId: string
  periodFrom: string
  periodTo: string
  attested: boolean
  addresses: string
}

const historyKey = (providerId: string) => ['invitations', 'history', providerId] as const

/** GET /api/providers/{id}/invitations: the provider's sendings, for its representative or an admin. */
export function useInvitationHistory(providerId: string) {
  return useQuery({
    queryKey: historyKey(providerId),
    queryFn: ({ signal }) => api.get(`/api/providers/${encodeURIComponent(providerId)}/invitations`, historySchema, signal),
  })
}

/** POST /api/providers/{id}/invitations: invites a list of addresses; each line not sent is reported. */
export function useSendInvitations(providerId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (sending: Sending) =>
      api.post(`/api/providers/${encodeURIComponent(providerId)}/invitations`, sending, sentSchema),
    onSettled: () => void client.invalidateQueries({ queryKey: historyKey(providerId) }),
  })
}
