import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type PasswordReset = { password: string; passwordConfirm: string; resetToken: string }

/** POST /api/resetpassword: 200, or 400 'Invalid or expired password reset link' or a rule's message. */
export function resetPassword(body: PasswordReset) {
  return api.post('/api/resetpassword', body)
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
