import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { userinfoQueryKey } from '@/lib/auth/get-userinfo'
import { favouritesQueryKey } from '@/lib/favourites/get-favourites'
import { api } from '@/lib/api-client'

const answerSchema = z.object({ msg: z.string(), hasFavourites: z.boolean() })

export type FavouriteChange = { action: 'add' | 'remove'; userId: string; courseId: string; providerId: string }

/** POST /api/addorremovefavourite. */
export function addOrRemoveFavourite(change: FavouriteChange) {
  return api.post('/api/addorremovefavourite', change, answerSchema)
}

/**
 * Adds or removes the pair; afterwards the favourites list and the header's heart (the
 * userinfo's hasFavourites) are fetched again. A failure is only logged (spec section 8).
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addOrRemoveFavourite,
    onError: (error) => console.error('Could not change the favourite', error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: favouritesQueryKey }),
        queryClient.invalidateQueries({ queryKey: userinfoQueryKey }),
      ]),
  })
}
