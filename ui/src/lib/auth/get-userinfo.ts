import { useQuery } from '@tanstack/react-query'
import { ApiError, api } from '@/lib/api-client'
import type { User } from './userinfo-schema'

export type { User } from './userinfo-schema'

// Every page asks this first, so its schema (and zod with it) loads beside the request
// rather than in the initial bundle.
const userinfoSchema = import('./userinfo-schema').then((m) => m.sessionSchema)

/**
 * The logged-in user, or null. The server answers null when no session came with the request;
 * a 401 (a session that expired or was ended, whose cookie the answer clears) is logged out too.
 */
export async function getUserinfo({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  try {
    return await api.get('/api/userinfo', userinfoSchema, signal)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export const userinfoQueryKey = ['userinfo'] as const

export function useUserinfo() {
  return useQuery({ queryKey: userinfoQueryKey, queryFn: getUserinfo, staleTime: 60_000 })
}

/** The user, null when logged out, undefined while still asking. */
export function useUser(): User | null | undefined {
  const { data, isError } = useUserinfo()
  if (data !== undefined) return data
  // If the server cannot say who we are, behave as logged out rather than hang on a skeleton.
  return isError ? null : undefined
}
