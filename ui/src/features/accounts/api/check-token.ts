import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

/**
 * A reset or verification token is `<random>.<unix seconds of expiry>`: whether it has expired
 * can be told without asking the server. Anything that does not end in a number counts as expired.
 */
export function tokenExpired(token: string, now = Date.now()): boolean {
  const expiry = Number(token.slice(token.lastIndexOf('.') + 1))
  if (!token.includes('.') || !Number.isFinite(expiry) || expiry <= 0) return true
  return expiry * 1000 <= now
}

/** POST /api/check-token: true while a password reset link can still be used. */
export async function checkResetToken(token: string): Promise<boolean> {
  return api.post('/api/check-token', { tokenFor: 'forgot', token }, z.boolean())
}

/** Whether the reset link is good: checked locally first, then with the server. */
export function useResetTokenCheck(token: string) {
  const expired = tokenExpired(token)
  return useQuery({
    queryKey: ['check-token', 'forgot', token],
    queryFn: () => (expired ? false : checkResetToken(token)),
    retry: false,
    staleTime: Infinity,
  })
}
