import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const answerSchema = z.object({ msg: z.string(), hasFavourites: z.boolean() })

export type FavouriteChange = { action: 'add' | 'remove'; userId: string; courseId: string; providerId: string }

/** POST /api/addorremovefavourite: the one client of the call (the features' hooks differ in what they refresh). */
export function addOrRemoveFavourite(change: FavouriteChange) {
  return api.post('/api/addorremovefavourite', change, answerSchema)
}
