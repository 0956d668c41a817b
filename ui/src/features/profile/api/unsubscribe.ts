import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const answerSchema = z.object({ msg: z.string(), kinds: z.array(z.string()), labels: z.array(z.string()), choice: z.string() })

export type Unsubscribed = z.infer<typeof answerSchema>

/**
 * POST /api/unsubscribe/{token}: turns off the mails the link was sent for (no login: the
 * signed token is the credential); with `undo`, POST .../undo turns them back on.
 */
export function unsubscribe({ token, undo }: { token: string; undo: boolean }) {
  const path = `/api/unsubscribe/${encodeURIComponent(token)}`
  return undo ? api.post(`/api/unsubscribe/${encodeURIComponent(token)}/undo`, {}, answerSchema) : api.post(path, {}, answerSchema)
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe })
}
