import { Heart, PenLine, Share2 } from 'lucide-react'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'
import type { ReviewButtonState } from '../lib/review-rules'
import { ALREADY_REVIEWED } from '../lib/review-rules'

type ProviderActionsProps = {
  review: ReviewButtonState
  onLeaveReview: () => void
  /** The already-reviewed message while it shows (10 s after a click). */
  reviewedMessage: string | null
  onAlreadyReviewed: (message: string) => void
  onShare: () => void
  favourite: { isFavourite: boolean | undefined; busy: boolean; message: string | null; onToggle: () => void }
}

/** Looks disabled (when already reviewed a click still explains why). */
const reviewedButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-line px-5 py-2.5 font-semibold text-muted cursor-not-allowed'

/** Leave a review, Share and Favourite, with their messages (spec section 4). */
export function ProviderActions({ review, onLeaveReview, reviewedMessage, onAlreadyReviewed, onShare, favourite }: ProviderActionsProps) {
  const onReviewClick = () => {
    if (review.kind === 'open') onLeaveReview()
    else if (review.kind === 'reviewed') onAlreadyReviewed(ALREADY_REVIEWED)
  }
  return (
    <div>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={onReviewClick}
          disabled={review.kind === 'not-allowed' || review.kind === 'checking'}
          aria-disabled={review.kind === 'reviewed' ? true : undefined}
          aria-describedby={review.kind === 'not-allowed' ? 'review-not-allowed' : undefined}
          className={review.kind === 'open' ? primaryButton : reviewedButton}
        >
          <PenLine aria-hidden="true" className="size-4" />
          Leave a review
        </button>
        <button type="button" onClick={onShare} className={secondaryButton}>
          <Share2 aria-hidden="true" className="size-4" />
          Share
        </button>
        <button
          type="button"
          onClick={favourite.onToggle}
          disabled={favourite.busy || favourite.isFavourite === undefined}
          aria-pressed={favourite.isFavourite ?? false}
          className={secondaryButton}
        >
          <Heart aria-hidden="true" className={`size-4 ${favourite.isFavourite ? 'fill-current' : ''}`} />
          {favourite.isFavourite ? 'Favourited' : 'Favourite'}
        </button>
      </div>
      <div aria-live="polite" className="mt-3 space-y-1 text-sm empty:hidden">
        {reviewedMessage && <p className="font-medium text-brand-900">{reviewedMessage}</p>}
        {favourite.message && <p className="font-medium text-success-700">{favourite.message}</p>}
      </div>
      {review.kind === 'not-allowed' && (
        <p id="review-not-allowed" className="mt-3 text-sm text-muted">
          {review.sentence}
        </p>
      )}
    </div>
  )
}
