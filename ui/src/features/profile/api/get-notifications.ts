import { keepPreviousData, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'

export const NOTIFICATIONS_PAGE_SIZE = 20

const notificationSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  message: z.string(),
  read: z.boolean(),
  /** Unix seconds. */
  createdAt: z.number(),
  /** The course-provider page of the review it is about, while that review is published. */
  reviewPage: z._default(z.nullable(z.string()), null),
  /** Whether that review is the user's own. */
  ownReview: z._default(z.boolean(), false),
})

export type Notification = z.infer<typeof notificationSchema>

export type NotificationPage = { notifications: Notification[]; total: number }

/** GET /api/notifications?page=N: one page (20) of the user's own, newest first. */
export async function getNotifications(page: number, { signal }: { signal?: AbortSignal } = {}): Promise<NotificationPage> {
  let total: number | null = null
  const notifications = await apiRequest(`/api/notifications?page=${page}`, {
    schema: z.array(notificationSchema),
    signal,
    onHeaders: (headers) => {
      const count = Number(headers.get('X-Total-Count'))
      if (headers.has('X-Total-Count') && Number.isFinite(count)) total = count
    },
  })
  return { notifications, total: total ?? (page - 1) * NOTIFICATIONS_PAGE_SIZE + notifications.length }
}

export function useNotifications(page: number) {
  return useQuery({
    queryKey: ['notifications', page],
    queryFn: ({ signal }) => getNotifications(page, { signal }),
    placeholderData: keepPreviousData,
  })
}
