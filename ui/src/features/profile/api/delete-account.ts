import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * POST /api/account/delete: 400 'The password is not correct', 403 'The last admin account
 * cannot be deleted.'; on success the session cookie is cleared.
 */
export function deleteAccount(password: string) {
  return api.post('/api/account/delete', { password })
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount })
}
