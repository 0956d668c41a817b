import { ApiError } from './api-client'

/** Retry a failed read once, but never a 404: an unknown slug or id will not appear on a second try. */
export function retryUnlessNotFound(failureCount: number, error: unknown): boolean {
  if (isNotFound(error)) return false
  return failureCount < 1
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** Catalogue answers change only when an admin edits them; five minutes is fresh enough. */
export const CATALOG_STALE_TIME = 5 * 60_000
