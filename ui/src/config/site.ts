/** The brand, used in every page title and in the shell. */
export const BRAND = 'CourseSource'
export const TAGLINE = 'Do the course, rate the source'

/** Browser storage keys named by the specification (and the closing time the strip needs). */
export const STORAGE_KEYS = {
  previousUrl: 'previousUrl',
  promotionClosed: 'promotion-closed',
  /** When a visitor closed the promotion strip (ms since 1970): it returns an hour later for the logged out. */
  promotionClosedAt: 'promotion-closed-at',
  /** A message for the next page after a full load (sessionStorage), e.g. after deleting the account. */
  nextPageMessage: 'next-page-message',
} as const

/** The government skills site linked from the footer. */
export const GOVERNMENT_SKILLS_SITE = {
  label: 'Your Career',
  href: 'https://www.yourcareer.gov.au/',
} as const
