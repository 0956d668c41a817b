import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type VerifyAccountRequest = { token: string; password: string }

/**
 * POST /api/verifyaccount: 200 when the link and the account's password are good; 400 naming
 * `token` when the link is used up, expired or forged, or `password` when the password is wrong.
 */
export function verifyAccount(request: VerifyAccountRequest) {
  return api.post('/api/verifyaccount', request)
}

export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount })
}
