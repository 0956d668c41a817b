import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { CONTENT_KINDS, type ContentKind } from './content-kinds'

/** An item of the editing lists; a career's `copy` is sanitised HTML, the others' plain text. */
export const contentItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  copy: z._default(z.string(), ''),
  courseCode: z.optional(z.nullable(z.string())),
})

export type ContentItem = z.infer<typeof contentItemSchema>

export const contentItemsQueryKey = (kind: ContentKind) => ['admin', 'content', kind] as const

/** GET /api/industrieslist, /api/careers or /api/courses: every item of a kind, by name. */
export function getContentItems(kind: ContentKind, signal?: AbortSignal): Promise<ContentItem[]> {
  return api.get(CONTENT_KINDS[kind].listPath, z.array(contentItemSchema), signal)
}

export function useContentItems(kind: ContentKind | null) {
  return useQuery({
    queryKey: contentItemsQueryKey(kind ?? 'industry'),
    queryFn: ({ signal }) => getContentItems(kind ?? 'industry', signal),
    enabled: kind !== null,
  })
}
