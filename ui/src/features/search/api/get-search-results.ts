import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { courseSchema, providerListSchema } from '@/lib/catalog-schemas'
import { retryUnlessNotFound } from '@/lib/query-retry'
import type { SearchMode } from './get-typeahead'

/** What the search form sends: the chosen course, or only the text typed. */
export type SearchRequest = { searchBy: SearchMode; courseId?: string; qualification: string }

const searchResultsSchema = z.object({ course: courseSchema, providers: providerListSchema })

export type SearchResults = z.infer<typeof searchResultsSchema>

/** The spec's words for a failed search or a course that is not in the catalogue. */
export const NO_MATCH_MESSAGE = "Sorry, course you've entered doesn't match any listings in our database."

/** POST /api/search/getsearchresults: the course and its providers; 404 when nothing matches. */
export function getSearchResults(request: SearchRequest): Promise<SearchResults> {
  return api.post('/api/search/getsearchresults', request, searchResultsSchema)
}

export function useSearchResults(request: SearchRequest | null) {
  return useQuery({
    queryKey: ['search-results', request?.searchBy, request?.courseId ?? null, request?.qualification ?? ''],
    queryFn: () => getSearchResults(request as SearchRequest),
    enabled: request !== null,
    staleTime: 60_000,
    retry: retryUnlessNotFound,
  })
}
