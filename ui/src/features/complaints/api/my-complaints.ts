import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const askedSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  part: z.enum(['review', 'reply']),
  reviewTitle: z.nullable(z.string()),
  courseName: z.nullable(z.string()),
  providerName: z.nullable(z.string()),
  words: z.string(),
  imputations: z.string(),
  harm: z.string(),
  responseDueAt: z.string(),
  response: z.nullable(z.string()),
  respondedAt: z.nullable(z.string()),
  canRespond: z.boolean(),
})
export type AskedComplaint = z.infer<typeof askedSchema>

const key = ['complaints', 'mine'] as const

/** GET /api/complaints/mine: legal complaints the user was asked to respond to. */
export function useMyComplaints() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.get('/api/complaints/mine', z.array(askedSchema), signal) })
}

/** POST /api/complaints/{id}/response: the author's side, once, within the period. */
export function useRespond() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api.post(`/api/complaints/${encodeURIComponent(id)}/response`, { text }, z.object({ msg: z.string() })),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  })
}
