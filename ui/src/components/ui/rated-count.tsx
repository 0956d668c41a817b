import { isFewRatings, ratedCountText } from '@/lib/score'

/**
 * The count beside an average (DESIGN look and feel: counts beside scores): 'Reviews: 12', or
 * 'based on 2 reviews' set apart when so few reviews make the average, or '1 review, not rated'
 * when `reviews` (all the reviews, rated or not) are there but none is rated.
 */
export function RatedCount({ count, reviews, className = '' }: { count: number; reviews?: number; className?: string }) {
  const few = isFewRatings(count)
  return (
    <span data-testid="rated-count" className={`text-xs ${few ? 'font-medium text-accent-700 italic' : 'text-muted'} ${className}`}>
      {ratedCountText(count, reviews)}
    </span>
  )
}
