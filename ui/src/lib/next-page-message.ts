import { STORAGE_KEYS } from '@/config/site'

/**
 * Leaves for `path` with a full load (so nothing of the old session stays in memory) and has
 * the page there say `message`, e.g. that the account was deleted.
 */
export function leaveWithMessage(path: string, message: string) {
  try {
    sessionStorage.setItem(STORAGE_KEYS.nextPageMessage, message)
  } catch {
    // Storage off: the page still changes, without the message.
  }
  window.location.assign(path)
}

/** The message left for this page by leaveWithMessage, taken once. */
export function takeNextPageMessage(): string | null {
  try {
    const message = sessionStorage.getItem(STORAGE_KEYS.nextPageMessage)
    if (message !== null) sessionStorage.removeItem(STORAGE_KEYS.nextPageMessage)
    return message
  } catch {
    return null
  }
}
