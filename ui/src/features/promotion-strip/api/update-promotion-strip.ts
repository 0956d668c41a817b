import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { promotionStripQueryKey } from './get-promotion-strip'
import { stripUpdatedSchema, type StripContent } from './promotion-strip-schema'
import { postStripMessage } from './strip-channel'

/**
 * POST /api/admin/staticcontent with {for: 'promotion-strip', content}: the server's message
 * ('Details updated successfully') and the content as stored (its HTML sanitised, its text
 * taken from that HTML).
 */
export async function updatePromotionStrip(content: StripContent): Promise<{ msg: string; content: StripContent }> {
  const [first] = await api.post('/api/admin/staticcontent', { for: 'promotion-strip', content }, stripUpdatedSchema)
  return { msg: first.msg, content: first.obj.content }
}

export function useUpdatePromotionStrip() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updatePromotionStrip,
    onSuccess: ({ content }) => {
      // This tab's strip and form at once, and every other open tab through the channel.
      queryClient.setQueryData(promotionStripQueryKey, content)
      postStripMessage({ type: 'content', content })
    },
  })
}
