import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { userinfoQueryKey } from '@/lib/auth/get-userinfo'
import { api } from '@/lib/api-client'

/** POST /api/updatedetails: the whole editable profile at once. */
export type DetailsUpdate = {
  userId: string
  firstName: string
  lastName: string
  gender: string
  avatar: number
  optIn: boolean
  /** A new picture as a PNG data URL; the current file name keeps it; '' removes it. */
  profileImage: string
  nickName: string
  dateOfBirth: string
  businessName: string
  jobTitle: string
  abn: string
}

const answerSchema = z.object({ msg: z.string() })

export function updateDetails(details: DetailsUpdate) {
  return api.post('/api/updatedetails', details, answerSchema)
}

/** Saves the details, then has every view of the user (header, profile) ask again. */
export function useUpdateDetails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userinfoQueryKey }),
  })
}
