import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

export const unactionedCountQueryKey = ['moderation', 'unactioned-count'] as const

/** GET /api/review/getunactioned: how many reviews wait for a decision. */
export function getUnactionedCount({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/review/getunactioned', z.number(), signal)
}

export function useUnactionedCount() {
  return useQuery({ queryKey: unactionedCountQueryKey, queryFn: getUnactionedCount })
}
