import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { StripContent } from './promotion-strip-schema'

export type { StripContent } from './promotion-strip-schema'

// Every page asks for the strip: its schema (and zod) loads beside the request, not in the
// initial bundle.
const answerSchema = import('./promotion-strip-schema').then((m) => m.stripAnswerSchema)

export const promotionStripQueryKey = ['static-content', 'promotion-strip'] as const

/** GET /api/admin/staticcontent/promotion-strip (public): the strip as the admin last saved it. */
export async function getPromotionStrip(signal?: AbortSignal): Promise<StripContent> {
  const { content } = await api.get('/api/admin/staticcontent/promotion-strip', answerSchema, signal)
  return content
}

export function usePromotionStrip() {
  return useQuery({
    queryKey: promotionStripQueryKey,
    queryFn: ({ signal }) => getPromotionStrip(signal),
    // An admin's change reaches open tabs through the strip channel; a minute is fresh enough otherwise.
    staleTime: 60_000,
  })
}
