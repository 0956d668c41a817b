import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'

/** POST /api/admin/funding-notes: a new note at the end of the list; answers the list. */
export function addFundingNote(name: string) {
  return apiRequest('/api/admin/funding-notes', { method: 'POST', body: { name }, schema: z.array(z.string()) })
}

export function useAddFundingNote() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: addFundingNote,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['funding-notes'] }), client.invalidateQueries({ queryKey: ['offering-facts'] })]),
  })
}
