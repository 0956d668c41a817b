import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { userinfoQueryKey } from '@/lib/auth/get-userinfo'
import { followsQueryKey } from '@/lib/follows'
import { favouritesQueryKey, type Favourite } from './get-favourites'

const answerSchema = z.object({ msg: z.string(), hasFavourites: z.boolean() })

export type FavouriteChange = { action: 'add' | 'remove'; userId: string; courseId: string; providerId: string }

/** POST /api/addorremovefavourite: the one client of the call; the two hooks below differ only in what they refresh. */
export function addOrRemoveFavourite(change: FavouriteChange) {
  return api.post('/api/addorremovefavourite', change, answerSchema)
}

/**
 * The course-provider page's heart: adds or removes the pair; afterwards the favourites list and
 * the header's heart (the userinfo's hasFavourites) are fetched again. A failure is only logged
 * (spec section 8).
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
        // A favourite follows its pair.
        queryClient.invalidateQueries({ queryKey: followsQueryKey }),
      ]),
  })
}

export type FavouriteRemoval = { userId: string; courseId: string; providerId: string }

/**
 * The favourites page's removal: the favourite drops from the list at once, and the header's
 * heart is refreshed. A failed removal is silent (spec section 8): the list is simply fetched again.
 */
export function useRemoveFavourite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (removal: FavouriteRemoval) => addOrRemoveFavourite({ action: 'remove', ...removal }),
    onMutate: async ({ courseId, providerId }) => {
      await queryClient.cancelQueries({ queryKey: favouritesQueryKey })
      queryClient.setQueryData<Favourite[]>(favouritesQueryKey, (list) =>
        list?.filter((f) => !(f.course._id === courseId && f.provider._id === providerId)),
      )
    },
    onError: () => queryClient.invalidateQueries({ queryKey: favouritesQueryKey }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userinfoQueryKey }),
        queryClient.invalidateQueries({ queryKey: followsQueryKey }),
      ]),
  })
}
