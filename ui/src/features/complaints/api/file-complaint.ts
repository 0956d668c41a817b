import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

/** POST /api/complaints: a legal complaint about a published review or reply; no account needed. */
export type ComplaintBody = {
  name: string
  email: string
  onBehalf: 'myself' | 'organisation' | ''
  organisation: string
  link: string
  words: string
  imputations: string
  harm: string
  declaration: boolean
}

const receivedSchema = z.object({ msg: z.string(), reference: z.string() })

export function fileComplaint(body: ComplaintBody) {
  return api.post('/api/complaints', body, receivedSchema)
}

export function useFileComplaint() {
  return useMutation({ mutationFn: fileComplaint })
}
