import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { FACT_SOURCES } from '@/lib/offering-facts'

const historyRowSchema = z.object({
  _id: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  offeringId: z.nullable(z.string()),
  campusId: z.nullable(z.string()),
  courseCode: z.nullable(z.string()),
  source: z.enum(FACT_SOURCES),
  userEmail: z.nullable(z.string()),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  /** The name of each campus id the row names (removed campuses keep their last name). */
  campusNames: z.record(z.string(), z.string()),
  changedAt: z.string(),
})
export type HistoryRow = z.infer<typeof historyRowSchema>

/**
 * GET /api/admin/fact-history: the newest changes to offering facts and campuses, for an admin;
 * only one provider's with `providerId`.
 */
export function getFactHistory(providerId?: string, signal?: AbortSignal) {
  const path = providerId ? `/api/admin/fact-history?providerId=${encodeURIComponent(providerId)}` : '/api/admin/fact-history'
  return api.get(path, z.array(historyRowSchema), signal)
}

export function useFactHistory(providerId?: string) {
  return useQuery({ queryKey: ['offering-facts', 'history', providerId ?? null], queryFn: ({ signal }) => getFactHistory(providerId, signal) })
}
