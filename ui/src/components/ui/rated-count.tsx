import { isFewRatings, ratedCountText } from '@/lib/score'

/**
 * The count beside an average (DESIGN look and feel: counts beside scores): 'Reviews: 12', or
 * 'based on 2 reviews' set apart when so few reviews make the average.
 */
export function RatedCount({ count, className = '' }: { count: number; className?: string }) {
  const few = isFewRatings(count)
  return (
    <span data-testid="rated-count" className={`text-xs ${few ? 'font-medium text-accent-700 italic' : 'text-muted'} ${className}`}>
      {ratedCountText(count)}
    </span>
  )
}
