import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { embeddedAnswer, PAGE_DATA_AT } from '@/lib/page-data'
import { stripAnswerSchema, type StripContent } from './promotion-strip-schema'

export type { StripContent } from './promotion-strip-schema'

const STRIP_PATH = '/api/admin/staticcontent/promotion-strip'

export const promotionStripQueryKey = ['static-content', 'promotion-strip'] as const

/** GET /api/admin/staticcontent/promotion-strip (public): the strip as the admin last saved it. */
export async function getPromotionStrip(signal?: AbortSignal): Promise<StripContent> {
  const { content } = await api.get(STRIP_PATH, stripAnswerSchema, signal)
  return content
}

export function usePromotionStrip() {
  return useQuery({
    queryKey: promotionStripQueryKey,
    queryFn: ({ signal }) => getPromotionStrip(signal),
    // The page embeds the strip, so it can take its place without a request.
    initialData: () => embeddedAnswer('GET', STRIP_PATH, undefined, stripAnswerSchema)?.content,
    initialDataUpdatedAt: PAGE_DATA_AT,
    // An admin's change reaches open tabs through the strip channel; a minute is fresh enough otherwise.
    staleTime: 60_000,
  })
}
