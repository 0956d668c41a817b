import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const reasonSchema = z.object({ key: z.string(), label: z.string(), needsText: z.boolean() })

export type Reason = z.infer<typeof reasonSchema>

/** GET /api/review/reasons: the server's one list of reasons a review is not published. */
export function getReasons() {
  return api.get('/api/review/reasons', z.array(reasonSchema))
}

/** The reason list; it changes only with a release, so it is fetched once a visit. */
export function useReasons() {
  return useQuery({ queryKey: ['review-reasons'], queryFn: getReasons, staleTime: Infinity })
}
