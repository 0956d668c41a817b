import { leaveWithMessage } from '@/lib/next-page-message'

export const ACCOUNT_DELETED = 'Your account and its data were deleted.'

/** Reloads the site at home, saying the account was deleted (a module function so tests can watch it). */
export function leaveForHome() {
  leaveWithMessage('/', ACCOUNT_DELETED)
}
