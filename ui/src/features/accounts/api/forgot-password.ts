import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** POST /api/forgotpassword: mails a reset link. The result is ignored (spec section 8: silent). */
export function forgotPassword(email: string) {
  return api.post('/api/forgotpassword', { email })
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
