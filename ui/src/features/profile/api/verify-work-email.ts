import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { myClaimQueryKey, myClaimSchema } from '@/lib/representation/my-claim'

const verifiedSchema = z.object({ msg: z.string(), claim: myClaimSchema })

/** POST /api/representation/verify: follows the link mailed to a representative's work email. */
export function verifyWorkEmail(token: string) {
  return api.post('/api/representation/verify', { token }, verifiedSchema)
}

export function useVerifyWorkEmail() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: verifyWorkEmail,
    onSuccess: () => void client.invalidateQueries({ queryKey: myClaimQueryKey }),
  })
}
