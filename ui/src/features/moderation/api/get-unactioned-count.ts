import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { useOpenReportsCount } from './reported-reviews'

export const unactionedCountQueryKey = ['moderation', 'unactioned-count'] as const

/** GET /api/review/getunactioned: how many reviews wait for a decision. */
export function getUnactionedCount({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/review/getunactioned', z.number(), signal)
}

export function useUnactionedCount() {
  return useQuery({ queryKey: unactionedCountQueryKey, queryFn: getUnactionedCount })
}

/** What waits for a moderator: unactioned reviews and published reviews with open reports. */
export function useModerationWaitingCount(): number | undefined {
  const unactioned = useUnactionedCount().data
  const reported = useOpenReportsCount()
  return unactioned === undefined || reported === undefined ? undefined : unactioned + reported
}
