import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const favouriteSchema = z.object({
  course: z.object({ _id: z.string(), courseCode: z.string(), name: z.string(), slug: z.string() }),
  provider: z.object({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    location: z.object({ Latitude: z.nullable(z.number()), Longitude: z.nullable(z.number()) }),
  }),
  /** Average scores out of 5 at this course and provider; null without reviews. */
  scores: z.object({ student: z.nullable(z.number()), employer: z.nullable(z.number()) }),
})

export type Favourite = z.infer<typeof favouriteSchema>

export const favouritesQueryKey = ['favourites'] as const

/** POST /api/favourites/getfavourites: the user's favourite course-provider pairs, newest first. */
export function getFavourites() {
  return api.post('/api/favourites/getfavourites', {}, z.array(favouriteSchema))
}

export function useFavourites() {
  return useQuery({ queryKey: favouritesQueryKey, queryFn: getFavourites })
}

/**
 * Whether the pair is one of the user's favourites, from the favourites list (shared with the
 * favourites page, so both stay in step); undefined while asking.
 */
export function useIsFavourite(courseId: string | undefined, providerId: string | undefined): boolean | undefined {
  const { data } = useQuery({ queryKey: favouritesQueryKey, queryFn: getFavourites })
  if (!data || !courseId || !providerId) return undefined
  return data.some((f) => f.course._id === courseId && f.provider._id === providerId)
}
