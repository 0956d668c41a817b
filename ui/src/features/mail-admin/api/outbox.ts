import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import * as z from 'zod/mini'
import { api, apiRequest } from '@/lib/api-client'

export const MAIL_PAGE_SIZE = 20

export type MailState = 'waiting' | 'sent' | 'failed'

const listedMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  state: z.enum(['waiting', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z._default(z.nullable(z.string()), null),
  /** Unix seconds. */
  createdAt: z.number(),
  /** When it was sent, given up, or (waiting) will be tried next; Unix seconds. */
  updatedAt: z.number(),
})

export type ListedMail = z.infer<typeof listedMailSchema>

export type MailPage = { mails: ListedMail[]; total: number }

/** Every outbox query starts with this, so a change refreshes them all. */
export const outboxQueryKey = ['admin', 'mail'] as const
const failedCountQueryKey = [...outboxQueryKey, 'failed-count'] as const

/** GET /api/admin/mail: one page (20) of the outbox, newest first, never a body. */
export async function getOutbox(state: MailState | null, page: number): Promise<MailPage> {
  let total: number | null = null
  const query = new URLSearchParams({ page: String(page), ...(state ? { state } : {}) })
  const mails = await apiRequest(`/api/admin/mail?${query}`, {
    schema: z.array(listedMailSchema),
    onHeaders: (headers) => {
      const count = Number(headers.get('X-Total-Count'))
      if (headers.has('X-Total-Count') && Number.isFinite(count)) total = count
    },
  })
  return { mails, total: total ?? (page - 1) * MAIL_PAGE_SIZE + mails.length }
}

export function useOutbox(state: MailState | null, page: number) {
  const queryClient = useQueryClient()
  const outbox = useQuery({
    queryKey: [...outboxQueryKey, state, page],
    queryFn: () => getOutbox(state, page),
    placeholderData: keepPreviousData,
    // Mails go out in the background: follow them while the page is open.
    refetchInterval: 3000,
  })
  // The menu's failed count follows the list as mails fail or go out.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: failedCountQueryKey })
  }, [outbox.dataUpdatedAt, queryClient])
  return outbox
}

/** GET /api/admin/mail/failed-count: the admin menu's badge beside 'Mail'. */
export function useFailedMailCount() {
  return useQuery({
    queryKey: failedCountQueryKey,
    queryFn: () => api.get('/api/admin/mail/failed-count', z.number()),
  }).data
}

const queuedSchema = z.object({ msg: z.string() })

/** POST /api/admin/mail/test: queues a test mail through the configured transport. */
export function useSendTestMail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (email: string) => api.post('/api/admin/mail/test', { email }, queuedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  })
}

/** POST /api/admin/mail/{id}/retry: sends a waiting or failed mail again now. */
export function useRetryMail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/admin/mail/${encodeURIComponent(id)}/retry`, {}, queuedSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  })
}
