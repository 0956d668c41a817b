import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * POST /api/verifyaccountform: mails a new verification link. The answer is the same whatever
 * the address, and the page does not wait for it (spec: 'submitted' at once).
 */
export function requestVerificationLink(email: string) {
  return api.post('/api/verifyaccountform', { email })
}

export function useRequestVerificationLink() {
  return useMutation({ mutationFn: requestVerificationLink })
}
