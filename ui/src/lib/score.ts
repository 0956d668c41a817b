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
