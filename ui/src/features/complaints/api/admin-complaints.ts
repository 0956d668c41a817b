import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const STEP_KINDS = ['received', 'hidden', 'asked-author', 'author-responded', 'kept', 'removed'] as const
export type StepKind = (typeof STEP_KINDS)[number]

const adminComplaintSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  status: z.enum(['open', 'kept', 'removed']),
  part: z.enum(['review', 'reply']),
  hidden: z.boolean(),
  receivedAt: z.string(),
  day: z.number(),
  daysLeft: z.number(),
  urgent: z.boolean(),
  dueAt: z.string(),
  name: z.string(),
  email: z.string(),
  onBehalf: z.enum(['myself', 'organisation']),
  organisation: z.nullable(z.string()),
  link: z.string(),
  words: z.string(),
  imputations: z.string(),
  harm: z.string(),
  reviewId: z.nullable(z.string()),
  reviewTitle: z.nullable(z.string()),
  reviewComment: z.nullable(z.string()),
  replyText: z.nullable(z.string()),
  courseName: z.nullable(z.string()),
  providerName: z.nullable(z.string()),
  authorName: z.nullable(z.string()),
  authorEmail: z.nullable(z.string()),
  responseDueAt: z.nullable(z.string()),
  response: z.nullable(z.string()),
  respondedAt: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
  steps: z.array(z.object({ step: z.enum(STEP_KINDS), note: z.nullable(z.string()), at: z.string() })),
})
export type AdminComplaint = z.infer<typeof adminComplaintSchema>

export const openComplaintsCountKey = ['complaints', 'open-count'] as const

/** GET /api/admin/complaints/open-count: open complaints (the admin menu's badge). */
export function useOpenComplaintsCount() {
  return useQuery({
    queryKey: openComplaintsCountKey,
    queryFn: ({ signal }) => api.get('/api/admin/complaints/open-count', z.number(), signal),
  })
}

/** GET /api/admin/complaints?status=: the open complaints, or the latest closed ones. */
export function useAdminComplaints(status: 'open' | 'closed') {
  return useQuery({
    queryKey: ['complaints', 'list', status],
    queryFn: ({ signal }) => api.get(`/api/admin/complaints?status=${status}`, z.array(adminComplaintSchema), signal),
  })
}

export type ComplaintStep =
  | { action: 'hide' }
  | { action: 'ask-author'; days: number }
  | { action: 'keep' | 'remove'; reason: string }

/** POST /api/admin/complaints/{id}/steps: records a step, mailed to those it concerns. */
export function useTakeStep() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, step }: { id: string; step: ComplaintStep }) =>
      api.post(`/api/admin/complaints/${encodeURIComponent(id)}/steps`, step, adminComplaintSchema),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['complaints'] }),
  })
}
