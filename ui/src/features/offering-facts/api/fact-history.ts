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
  changedAt: z.string(),
})
export type HistoryRow = z.infer<typeof historyRowSchema>

/** GET /api/admin/fact-history: the newest changes to offering facts and campuses, for an admin. */
export function getFactHistory(signal?: AbortSignal) {
  return api.get('/api/admin/fact-history', z.array(historyRowSchema), signal)
}

export function useFactHistory() {
  return useQuery({ queryKey: ['offering-facts', 'history'], queryFn: ({ signal }) => getFactHistory(signal) })
}
