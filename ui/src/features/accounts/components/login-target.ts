import { STORAGE_KEYS } from '@/config/site'

const HERE = 'http://coursesource.invalid'

/**
 * A path on this site to send someone to, or null. Only same-site paths starting with '/' pass:
 * never '//host' or '/\host' (both leave the site in a browser), a full URL, or a control character.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || hasOddCharacters(value)) return null
  try {
    const url = new URL(value, HERE)
    if (url.origin !== HERE) return null
    return url.pathname + url.search + url.hash
  } catch {
    return null
  }
}

/** A backslash (read as '/' by browsers) or a control character. */
function hasOddCharacters(value: string): boolean {
  return [...value].some((c) => c === '\\' || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)
}

// The account pages themselves are never worth returning to: a verification link, once
// followed, is used up (and /verify-account/{token} is remembered, being open to everyone).
const ACCOUNT_PAGES = /^\/(login|sign-up|welcome|forgot-password|reset-password|verify-account)(\/|\?|#|$)/

function returnable(path: string | null): string | null {
  return path && !ACCOUNT_PAGES.test(path) ? path : null
}

/** Where login sends the user: the `redirect` query parameter, else the remembered previous page, else home. */
export function loginTarget(search: URLSearchParams): string {
  return (
    returnable(safeRedirect(search.get('redirect'))) ??
    returnable(safeRedirect(localStorage.getItem(STORAGE_KEYS.previousUrl))) ??
    '/'
  )
}
