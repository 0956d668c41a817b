import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const shareSchema = z.object({
  reviews: z.number(),
  invited: z.number(),
  percent: z.nullable(z.number()),
  periods: z.array(z.object({ from: z.string(), to: z.string() })),
})
export type InvitedShare = z.infer<typeof shareSchema>

/** GET /api/offering-invitations/{course}/{provider}: the pair's invited reviews and attested periods. */
export function useInvitedShare(courseId: string, providerId: string) {
  return useQuery({
    queryKey: ['invitations', 'share', courseId, providerId],
    queryFn: ({ signal }) =>
      api.get(
        `/api/offering-invitations/${encodeURIComponent(courseId)}/${encodeURIComponent(providerId)}`,
        shareSchema,
        signal,
      ),
    enabled: !!courseId && !!providerId,
  })
}
