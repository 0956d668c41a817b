import { formatScore, pluralise } from './score'

/**
 * The recent score (issue 29): the average of the rated reviews whose study ended (or, without
 * an end, which were written) in the last 24 months. The server gives no number from fewer
 * than 3 such reviews, and neither does the page.
 */

/** What the figure is called beside the all-time score. */
export const RECENT_LABEL = 'Last 24 months'

/** What shows instead of a recent score from fewer than 3 reviews. */
export const NOT_ENOUGH_RECENT = 'Not enough recent reviews'

/** The fewest rated recent reviews a recent score is given from (the server's rule too). */
export const MIN_RECENT_RATED = 3

/** '4.8 out of 5 from 3 reviews', or 'Not enough recent reviews'. */
export function recentScoreText(recent: number | null | undefined, count: number | undefined): string {
  if (recent === null || recent === undefined || count === undefined || count < MIN_RECENT_RATED) return NOT_ENOUGH_RECENT
  return `${formatScore(recent)} out of 5 from ${pluralise(count, 'review')}`
}
