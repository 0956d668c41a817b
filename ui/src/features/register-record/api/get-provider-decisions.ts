import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const decisionSchema = z.object({
  /** 'decision' or 'restriction' */
  source: z.string(),
  /** The register's words, e.g. 'Condition'. */
  kind: z.string(),
  description: z.string(),
  startsOn: z._default(z.nullable(z.string()), null),
  endsOn: z._default(z.nullable(z.string()), null),
  url: z.string(),
})

export type Decision = z.infer<typeof decisionSchema>

const decisionsSchema = z.object({
  standing: z.string(),
  inForce: z.array(decisionSchema),
  historic: z.array(decisionSchema),
})

export type Decisions = z.infer<typeof decisionsSchema>

/** GET /api/regulatory-decisions/{slug}: the regulator's decisions as the register records them. */
export function getProviderDecisions(slug: string, signal?: AbortSignal): Promise<Decisions> {
  return api.get(`/api/regulatory-decisions/${encodeURIComponent(slug)}`, decisionsSchema, signal)
}

export function useProviderDecisions(slug: string) {
  return useQuery({ queryKey: ['provider-decisions', slug], queryFn: ({ signal }) => getProviderDecisions(slug, signal), enabled: slug !== '' })
}
