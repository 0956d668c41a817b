import { useMutation, useQueryClient } from '@tanstack/react-query'
import { userinfoQueryKey } from '@/lib/auth/get-userinfo'
import { addOrRemoveFavourite } from '@/lib/favourites/add-or-remove-favourite'
import { favouritesQueryKey } from '@/lib/favourites/get-favourites'

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
