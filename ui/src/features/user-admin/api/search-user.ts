import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const optionalText = z._default(z.nullable(z.string()), null)

const foundUserSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  gender: optionalText,
  userType: z.string(),
  // As /api/userinfo answers them: the default avatar's number, the uploaded picture's file name.
  avatar: z.catch(z.nullable(z.number()), 0),
  profileImage: optionalText,
  businessName: optionalText,
  abn: optionalText,
  isAdmin: z._default(z.boolean(), false),
})

export type FoundUser = z.infer<typeof foundUserSchema>

/**
 * POST /api/admin/searchuser: the account with this email (any case). 400 'Email is required'
 * or 'Email is invalid', 404 'No user found with that email'.
 */
export function searchUser(searchText: string) {
  return api.post('/api/admin/searchuser', { searchText }, foundUserSchema)
}

export function useSearchUser() {
  return useMutation({ mutationFn: searchUser })
}
