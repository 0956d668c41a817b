import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { claimedProviderSchema } from './my-claim'

/** GET /api/representation/providers?q=: up to 10 providers whose name holds the text. */
export function findProviders(text: string, signal?: AbortSignal) {
  return api.get(`/api/representation/providers?q=${encodeURIComponent(text)}`, z.array(claimedProviderSchema), signal)
}

export function useProviderSearch(text: string) {
  return useQuery({
    queryKey: ['representation', 'providers', text],
    queryFn: ({ signal }) => findProviders(text, signal),
    enabled: text.trim().length >= 2,
  })
}
