import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { userinfoQueryKey } from '@/lib/auth/get-userinfo'
import { api } from '@/lib/api-client'

/** `currentPassword` proves the change is the owner's, not a stolen session's. */
export type PasswordUpdate = { userId: string; currentPassword: string; newPassword: string; newPasswordConfirm: string }

const answerSchema = z.object({ msg: z.string() })

/** POST /api/updatepassword: ends every other session and renews this one's cookie. */
export function updatePassword(update: PasswordUpdate) {
  return api.post('/api/updatepassword', update, answerSchema)
}

export function useUpdatePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userinfoQueryKey }),
  })
}
