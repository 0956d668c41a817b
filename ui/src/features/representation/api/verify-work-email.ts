import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { myClaimQueryKey, myClaimSchema } from './my-claim'

const verifiedSchema = z.object({ msg: z.string(), claim: myClaimSchema })

export type VerifyWorkEmailRequest = { token: string; password: string }

/**
 * POST /api/representation/verify: follows the link mailed to a representative's work email,
 * with the claiming account's password (400 naming `password` when it is wrong).
 */
export function verifyWorkEmail(request: VerifyWorkEmailRequest) {
  return api.post('/api/representation/verify', request, verifiedSchema)
}

export function useVerifyWorkEmail() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: verifyWorkEmail,
    onSuccess: () => void client.invalidateQueries({ queryKey: myClaimQueryKey }),
  })
}
