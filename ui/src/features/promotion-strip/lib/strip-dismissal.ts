import { STORAGE_KEYS } from '@/config/site'

/** A logged-out visitor sees a closed strip again after an hour (spec 001 section 9). */
export const REOPEN_AFTER_MS = 60 * 60 * 1000

// Storage can be unavailable (a locked-down browser): the strip then simply shows.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Nothing to remember it in.
  }
}

/** The close control: the spec's 'promotion-closed' flag, and when. */
export function rememberClosed(now = Date.now()) {
  write(STORAGE_KEYS.promotionClosed, 'true')
  write(STORAGE_KEYS.promotionClosedAt, String(now))
}

/** The flag resets: the strip may show again. */
export function forgetClosed() {
  write(STORAGE_KEYS.promotionClosed, null)
  write(STORAGE_KEYS.promotionClosedAt, null)
}

/**
 * How much longer the strip stays closed: 0 when it is not closed, Infinity for a logged-in
 * user while the flag is set, else what is left of the hour. An hour that has passed resets
 * the flag.
 */
export function closedForMs(loggedIn: boolean, now = Date.now()): number {
  if (read(STORAGE_KEYS.promotionClosed) !== 'true') return 0
  if (loggedIn) return Infinity
  const closedAt = Number(read(STORAGE_KEYS.promotionClosedAt))
  const left = closedAt > 0 ? closedAt + REOPEN_AFTER_MS - now : 0
  if (left > 0) return Math.min(left, REOPEN_AFTER_MS)
  forgetClosed()
  return 0
}
