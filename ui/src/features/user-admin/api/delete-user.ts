import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'

const messagesSchema = z.array(z.object({ msg: z.string() }))

/**
 * DELETE /api/admin/user/{_id}: removes the account and everything that hangs off it, and
 * answers [{msg: 'User deleted successfully'}]. 404 'User not found'; 403 for the caller's own
 * account or the last admin.
 */
export function deleteUser(id: string) {
  return apiRequest(`/api/admin/user/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messagesSchema })
}

export function useDeleteUser() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    // The account's reviews go with it, so any count on screen (reviews waiting) may change.
    onSuccess: () => client.invalidateQueries(),
  })
}
