export type StarKind = 'full' | 'half' | 'empty'

/**
 * Five stars for a score out of 5 (DESIGN 3, spec section 5): whole stars count fully, a
 * fractional part of 0.5 or more adds a half star, the rest are empty.
 */
export function starsFor(score: number | null | undefined): StarKind[] {
  const value = score == null || !Number.isFinite(score) ? 0 : Math.min(5, Math.max(0, score))
  const whole = Math.floor(value)
  const half = value - whole >= 0.5 ? 1 : 0
  return Array.from({ length: 5 }, (_, i) => (i < whole ? 'full' : i < whole + half ? 'half' : 'empty'))
}

/** The score the stars show: whole + half. */
export function starValue(stars: readonly StarKind[]): number {
  return stars.reduce((sum, s) => sum + (s === 'full' ? 1 : s === 'half' ? 0.5 : 0), 0)
}
