import { keepPreviousData, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

/** Which box the visitor types in: course name or national course code. */
export type SearchMode = 'qualification' | 'code'

/** How many suggestions the dropdown shows. */
export const TYPEAHEAD_LIMIT = 10

const searchOptionSchema = z.object({
  _id: z.string(),
  courseCode: z.string(),
  name: z.string(),
  slug: z.string(),
  /** 'Replaces SIT30816 …' when the course replaced earlier ones (typing an old code finds it). */
  replaces: z.optional(z.nullable(z.string())),
})

export type SearchOption = z.infer<typeof searchOptionSchema>

const searchOptionsSchema = z.array(searchOptionSchema)

/** GET /api/search/typeahead: the courses best matching what has been typed so far. */
export function getTypeahead(q: string, mode: SearchMode, signal?: AbortSignal): Promise<SearchOption[]> {
  const query = new URLSearchParams({ q, mode, limit: String(TYPEAHEAD_LIMIT) })
  return api.get(`/api/search/typeahead?${query}`, searchOptionsSchema, signal)
}

/** Suggestions for `q` (already debounced); nothing is asked for blank text. */
export function useTypeahead(q: string, mode: SearchMode, enabled = true) {
  const text = q.trim()
  return useQuery({
    queryKey: ['typeahead', mode, text],
    queryFn: ({ signal }) => getTypeahead(text, mode, signal),
    enabled: enabled && text !== '',
    // Keep the last suggestions on screen while the next ones arrive, so the list does not flicker.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
