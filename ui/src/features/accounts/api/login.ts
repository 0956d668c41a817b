import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type LoginBody = { email: string; password: string; keepLoggedIn: boolean }

/**
 * POST /api/auth/login. The server answers with a token and sets the HttpOnly session cookie;
 * the browser UI relies on the cookie alone, so the answer's body is not read.
 */
export function login(body: LoginBody) {
  return api.post('/api/auth/login', body)
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}
