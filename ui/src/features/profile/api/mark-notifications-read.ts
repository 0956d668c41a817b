import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { unreadCountQueryKey } from './get-unread-count'

const readSchema = z.object({ unread: z.number() })

/** POST /api/notifications/read: marks all of the user's notifications read; answers {unread: 0}. */
export function markNotificationsRead() {
  return api.post('/api/notifications/read', {}, readSchema)
}

/** Marks them read, then the badges follow (the list on screen keeps its 'new' marks for this visit). */
export function useMarkNotificationsRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: ({ unread }) => {
      client.setQueryData(unreadCountQueryKey, unread)
      return client.invalidateQueries({ queryKey: unreadCountQueryKey })
    },
  })
}
