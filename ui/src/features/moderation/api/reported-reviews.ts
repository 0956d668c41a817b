import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest, api } from '@/lib/api-client'
import { moderationReviewSchema } from './pull-reviews'

const reportedSchema = z.object({
  review: moderationReviewSchema,
  reports: z.array(
    z.object({
      _id: z.string(),
      reason: z.string(),
      label: z.string(),
      note: z._default(z.nullable(z.string()), null),
      reporter: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
      createdAt: z.string(),
    }),
  ),
})

export type ReportedReview = z.infer<typeof reportedSchema>

/** GET /api/review/reported: one page (10) of the published reviews with open reports, and how many there are. */
export async function getReported(page: number): Promise<{ items: ReportedReview[]; total: number }> {
  let total = 0
  const items = await apiRequest(`/api/review/reported?page=${page}`, {
    schema: z.array(reportedSchema),
    onHeaders: (headers) => {
      total = Number(headers.get('X-Total-Count')) || 0
    },
  })
  return { items, total: Math.max(total, items.length) }
}

export function useReported(page: number) {
  return useQuery({ queryKey: ['moderation', 'reported', page], queryFn: () => getReported(page), placeholderData: keepPreviousData })
}

/**
 * How many published reviews have open reports (the first page's X-Total-Count, shared with the
 * list); undefined while unknown, and 0 when it could not be loaded, so a count beside it still shows.
 */
export function useOpenReportsCount(): number | undefined {
  const reported = useReported(1)
  return reported.isError ? 0 : reported.data?.total
}

export type ReportOutcome = { reviewId: string; action: 'keep' | 'remove'; reason?: string; note?: string }

/** POST /api/review/reported/{id}/decision: keep the review, or remove it with a reason its author is told. */
export function useDecideReport() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ reviewId, ...body }: ReportOutcome) =>
      api.post(`/api/review/reported/${encodeURIComponent(reviewId)}/decision`, body, z.object({ _id: z.string(), outcome: z.string() })),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['moderation'] }),
  })
}
