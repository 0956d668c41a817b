import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const notificationSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  message: z.string(),
  read: z.boolean(),
  /** Unix seconds. */
  createdAt: z.number(),
})

export type Notification = z.infer<typeof notificationSchema>

/** GET /api/notifications: the user's own, newest first. */
export function getNotifications({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/notifications', z.array(notificationSchema), signal)
}

export function useNotifications() {
  return useQuery({ queryKey: ['notifications'], queryFn: getNotifications })
}
