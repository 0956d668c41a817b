import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const runSchema = z.object({
  /** Unix seconds. */
  startedAt: z.number(),
  finishedAt: z._default(z.nullable(z.number()), null),
  dryRun: z.boolean(),
  plan: z.string(),
  summary: z.string(),
  error: z._default(z.nullable(z.string()), null),
  requests: z.number(),
})

export type SyncRun = z.infer<typeof runSchema>

const statusSchema = z.object({
  runs: z.array(runSchema),
  courses: z.number(),
  providers: z.number(),
  offerings: z.number(),
  retiredOfferings: z.number(),
})

/** GET /api/admin/catalogue: the last syncs from the register and what the catalogue holds. */
export function getCatalogueStatus(signal?: AbortSignal) {
  return api.get('/api/admin/catalogue', statusSchema, signal)
}

export function useCatalogueStatus() {
  return useQuery({ queryKey: ['admin', 'catalogue'], queryFn: ({ signal }) => getCatalogueStatus(signal) })
}
