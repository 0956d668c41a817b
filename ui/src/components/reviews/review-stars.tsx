import { Star } from 'lucide-react'
import { starValue, starsFor } from '@/lib/reviews/stars'

type ReviewStarsProps = {
  /**
   * A score out of 5; drawn in halves (a fraction of 0.5 or more is a half star). null is a
   * review with no rating (asked no scored question, DESIGN 3): 'No rating' instead of stars.
   */
  score: number | null | undefined
  size?: 'sm' | 'md' | 'lg'
}

const SIZES = { sm: 'size-4', md: 'size-5', lg: 'size-9' } as const

/** A score as five stars (full, half, empty), read out as '3.5 out of 5 stars'; or 'No rating'. */
export function ReviewStars({ score, size = 'md' }: ReviewStarsProps) {
  if (score === null) {
    return <span className={`inline-flex items-center font-medium text-muted ${size === 'sm' ? 'text-xs' : 'text-sm'}`}>No rating</span>
  }
  const stars = starsFor(score)
  const box = SIZES[size]
  return (
    <span role="img" aria-label={`${starValue(stars)} out of 5 stars`} className="inline-flex items-center gap-0.5">
      {stars.map((kind, i) => (
        <span key={i} data-star={kind} className={`relative inline-block shrink-0 ${box}`}>
          <Star aria-hidden="true" strokeWidth={1.75} className={`absolute inset-0 ${box} fill-line text-muted`} />
          {kind !== 'empty' && (
            <span className={`absolute inset-y-0 left-0 overflow-hidden ${kind === 'half' ? 'w-1/2' : 'w-full'}`}>
              <Star aria-hidden="true" strokeWidth={1.75} className={`${box} max-w-none fill-accent-500 text-accent-700`} />
            </span>
          )}
        </span>
      ))}
    </span>
  )
}
