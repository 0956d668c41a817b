import { useQuery } from '@tanstack/react-query'
import { favouritesQueryKey, getFavourites } from '@/lib/favourites/get-favourites'

/**
 * Whether the pair is one of the user's favourites, from the favourites list (shared with the
 * favourites page, so both stay in step); undefined while asking.
 */
export function useIsFavourite(courseId: string | undefined, providerId: string | undefined): boolean | undefined {
  const { data } = useQuery({ queryKey: favouritesQueryKey, queryFn: getFavourites })
  if (!data || !courseId || !providerId) return undefined
  return data.some((f) => f.course._id === courseId && f.provider._id === providerId)
}
