import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { userinfoQueryKey } from '@/lib/auth/get-userinfo'
import { api } from '@/lib/api-client'

/** `currentPassword` proves the change is the owner's, not a stolen session's. */
export type EmailUpdate = { userId: string; email: string; emailConfirm: string; currentPassword: string }

/** The new address is used once the link mailed to it is followed; until then the old one stays. */
const answerSchema = z.object({ msg: z.string(), pendingEmail: z.string() })

/** POST /api/updateemail: 409 with code 11000 when the address is taken. */
export function updateEmail(update: EmailUpdate) {
  return api.post('/api/updateemail', update, answerSchema)
}

export function useUpdateEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userinfoQueryKey }),
  })
}
