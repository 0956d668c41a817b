import { useMutation, useQueryClient } from '@tanstack/react-query'
import { userinfoQueryKey } from '@/lib/auth/get-userinfo'
import { addOrRemoveFavourite } from '@/lib/favourites/add-or-remove-favourite'
import { favouritesQueryKey, type Favourite } from '@/lib/favourites/get-favourites'

export type FavouriteRemoval = { userId: string; courseId: string; providerId: string }

/** The favourites page's removal: POST /api/addorremovefavourite with action 'remove'. */
export function removeFavourite(removal: FavouriteRemoval) {
  return addOrRemoveFavourite({ action: 'remove', ...removal })
}

/**
 * Removes a favourite: it drops from the list at once, and the header's heart is refreshed.
 * A failed removal is silent (spec section 8): the list is simply fetched again.
 */
export function useRemoveFavourite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeFavourite,
    onMutate: async ({ courseId, providerId }) => {
      await queryClient.cancelQueries({ queryKey: favouritesQueryKey })
      queryClient.setQueryData<Favourite[]>(favouritesQueryKey, (list) =>
        list?.filter((f) => !(f.course._id === courseId && f.provider._id === providerId)),
      )
    },
    onError: () => queryClient.invalidateQueries({ queryKey: favouritesQueryKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userinfoQueryKey }),
  })
}
