import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** POST /api/verifyaccount: 200 when the link was good, 400 when it is used up, expired or forged. */
export function verifyAccount(token: string) {
  return api.post('/api/verifyaccount', { token })
}

export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount })
}
