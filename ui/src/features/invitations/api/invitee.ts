import { useMutation, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const invitationSchema = z.object({
  courseId: z.string(),
  courseName: z.string(),
  courseCode: z.string(),
  courseSlug: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  providerSlug: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  expiresAt: z.string(),
})
export type Invitation = z.infer<typeof invitationSchema>

/** GET /api/invitations/{token}: what the link invites to, while it can be used (no login). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitations', 'link', token],
    queryFn: ({ signal }) => api.get(`/api/invitations/${encodeURIComponent(token)}`, invitationSchema, signal),
    retry: false,
  })
}

/** POST /api/invitations/{token}/accept: uses the link for the logged-in account with its address. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) => api.post(`/api/invitations/${encodeURIComponent(token)}/accept`, {}, invitationSchema),
  })
}

/** POST /api/invitations/{token}/refuse: no more invitations to the link's address (no login). */
export function useRefuseInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post(`/api/invitations/${encodeURIComponent(token)}/refuse`, {}, z.object({ msg: z.string() })),
  })
}
