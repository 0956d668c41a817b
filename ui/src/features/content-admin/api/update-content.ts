import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { invalidateCatalog } from '@/lib/catalog/invalidate-catalog'
import { CONTENT_KINDS, type ContentKind } from './content-kinds'
import { contentItemSchema, contentItemsQueryKey, type ContentItem } from './get-content-items'

const updatedSchema = z.array(z.object({ msg: z.string(), obj: contentItemSchema })).check(z.minLength(1))

export type ContentUpdate = { id: string; description: string }

/**
 * POST /api/updateindustry, /api/updatecareer or /api/updatecourse with {id, description}:
 * the server's message ('Details updated successfully') and the item as stored.
 */
export async function updateContent(kind: ContentKind, update: ContentUpdate): Promise<{ msg: string; item: ContentItem }> {
  const [first] = await api.post(CONTENT_KINDS[kind].updatePath, update, updatedSchema)
  return { msg: first.msg, item: first.obj }
}

export function useUpdateContent(kind: ContentKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (update: ContentUpdate) => updateContent(kind, update),
    onSuccess: ({ item }) => {
      // The stored copy at once (the form resets to it), then the list again from the server.
      const key = contentItemsQueryKey(kind)
      queryClient.setQueryData<ContentItem[]>(key, (items) => items?.map((old) => (old._id === item._id ? { ...old, ...item } : old)))
      void queryClient.invalidateQueries({ queryKey: key })
      void invalidateCatalog(queryClient)
    },
  })
}
