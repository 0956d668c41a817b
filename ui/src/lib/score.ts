/**
 * A score out of 5 as the spec shows it: a whole number, or one decimal when not whole;
 * 'N/A' when nothing is known (no reviews yet).
 */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return 'N/A'
  const rounded = Math.round(score * 10) / 10
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1)
}

/** A count of reviews, or 'N/A' when there are none. */
export function formatCount(count: number): string {
  return count > 0 ? String(count) : 'N/A'
}

/** How much of a score circle is filled: score × 20 percent, kept within 0–100. */
export function scoreFillPercent(score: number | null | undefined): number {
  if (score === null || score === undefined || !Number.isFinite(score)) return 0
  return Math.min(100, Math.max(0, score * 20))
}

/** '1 review', '3 reviews'. */
export function pluralise(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}

/** Fewer rated reviews than this and an average carries a 'based on N reviews' note. */
export const FEW_RATINGS = 3

/**
 * What goes beside an average: its count of rated reviews ('Reviews: 12', 'Reviews: N/A'),
 * or, for an average of only one or two, 'based on 1 review' / 'based on 2 reviews'. When there
 * are reviews but none rated (an employer asked no scored question), it says so ('1 review, not
 * rated'), so the count never contradicts a total beside it.
 */
export function ratedCountText(count: number, reviews = count): string {
  if (count === 0 && reviews > 0) return `${pluralise(reviews, 'review')}, not rated`
  if (count > 0 && count < FEW_RATINGS) return `based on ${pluralise(count, 'review')}`
  return `Reviews: ${formatCount(count)}`
}

/** Whether an average rests on so few reviews that its note says so. */
export function isFewRatings(count: number): boolean {
  return count > 0 && count < FEW_RATINGS
}

/** A share as a whole percentage: 43 of 50 → 86; 0 when nothing was answered. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0
}
