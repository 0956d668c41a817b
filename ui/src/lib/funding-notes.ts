import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

/** GET /api/funding-notes: the funding notes an offering may carry, in order. */
export function getFundingNotes(signal?: AbortSignal) {
  return api.get('/api/funding-notes', z.array(z.string()), signal)
}

export function useFundingNotes() {
  return useQuery({ queryKey: ['funding-notes'], queryFn: ({ signal }) => getFundingNotes(signal), staleTime: 60 * 60_000 })
}
