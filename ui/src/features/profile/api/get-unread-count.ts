import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

/** Apart from the list's ['notifications', page]: marking read refreshes the count, not the list. */
export const unreadCountQueryKey = ['unread-notifications'] as const

/** GET /api/notifications/unread-count: how many of the user's notifications are unread. */
export function getUnreadCount({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/notifications/unread-count', z.number(), signal)
}

/**
 * The header's and the profile nav's badge: asked only for a logged-in user (`loggedIn`), once
 * for every place that shows it; undefined until known.
 */
export function useUnreadCount(loggedIn: boolean): number | undefined {
  return useQuery({ queryKey: unreadCountQueryKey, queryFn: getUnreadCount, enabled: loggedIn, staleTime: 30_000 }).data
}
