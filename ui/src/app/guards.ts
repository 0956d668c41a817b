import { loginTarget } from '@/features/accounts'
import type { User } from '@/lib/auth/get-userinfo'
import type { Access } from './routes'

type Place = { pathname: string; search: string }

export function loginPath(from: Place): string {
  return `/login?redirect=${encodeURIComponent(from.pathname + from.search)}`
}

/** Where a user who may not open a route goes instead, or null when they may stay. */
export function guardRedirect(access: Access, user: User | null, from: Place): string | null {
  switch (access) {
    case 'public':
      return null
    case 'loggedOut':
      // On the login page itself this is also where a fresh login is heading (its redirect
      // or previousUrl): whichever of the two navigations runs first, they agree.
      if (!user) return null
      return from.pathname.startsWith('/login') ? loginTarget(new URLSearchParams(from.search)) : '/'

    case 'auth':
      return user ? null : loginPath(from)
    case 'admin':
      if (!user) return loginPath(from)
      return user.isAdmin ? null : '/'
  }
}
