import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { ExternalLink, MapPin, X } from 'lucide-react'
import type { MouseEvent } from 'react'
import { primaryButton } from '@/components/ui/button-styles'
import { Skeleton, LoadingRegion } from '@/components/ui/skeleton'
import { pluralise } from '@/lib/score'
import { useQuestions } from '@/lib/reviews/get-questions'
import type { SubmittedReview } from '../api/submit-review'
import type { ReviewDraft } from '../lib/draft'
import { ReviewForm, type ReviewTarget } from './review-form'
import { ReviewStars } from '@/components/reviews/review-stars'

/** The overlay's close animation (spec section 9). */
export const CLOSE_ANIMATION_MS = 500

export type CloseReason = 'backdrop' | 'button' | 'escape'

export type ReviewHeader = {
  courseCode: string
  courseName: string
  providerName: string
  reviewCount: number
  distance: number | null
  website: string | null
}

type LeaveReviewDialogProps = {
  open: boolean
  onClose: (reason: CloseReason) => void
  header: ReviewHeader
  target: ReviewTarget
  draft: ReviewDraft
  onDraftChange: (draft: ReviewDraft) => void
  /** The server's answer once the review is in: the overlay then shows the success screen. */
  result: SubmittedReview | null
  onSubmitted: (result: SubmittedReview) => void
}

/**
 * The leave-review overlay: a modal dialog with the course and provider, the form, then the
 * success screen with the server's score. A click beside the card is the backdrop.
 */
export function LeaveReviewDialog({ open, onClose, header, target, draft, onDraftChange, result, onSubmitted }: LeaveReviewDialogProps) {
  const questions = useQuestions(target.userType)
  const onBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget) onClose('backdrop')
  }

  return (
    <Dialog open={open} onClose={() => onClose('escape')} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-brand-950/60 transition-opacity duration-200 data-closed:opacity-0 data-leave:duration-500"
      />
      {/* The panel covers the screen and scrolls; its empty area around the card is the backdrop. */}
      <DialogPanel
        transition
        onClick={onBackdrop}
        data-testid="review-overlay"
        className="fixed inset-0 flex items-start justify-center overflow-y-auto p-3 transition duration-200 ease-out data-closed:opacity-0 data-leave:duration-500 sm:p-8"
      >
        <div className="relative my-auto w-full max-w-2xl rounded-lg bg-white shadow-xl">
          <button
            type="button"
            onClick={() => onClose('button')}
            className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-brand-50 hover:text-brand-950"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </button>

          <header className="border-b border-line px-5 pt-5 pb-4 pr-14 sm:px-8 sm:pt-7">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{header.courseCode}</p>
            <p className="mt-0.5 font-medium text-ink">{header.courseName}</p>
            <DialogTitle className="mt-2 text-2xl font-bold tracking-tight text-brand-950">
              {result ? 'Thank you!' : 'Leave a review'}
              <span className="sr-only"> for {header.providerName}</span>
            </DialogTitle>
            <p className="mt-1 text-lg font-semibold text-brand-900">{header.providerName}</p>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              <span>{pluralise(header.reviewCount, 'review')}</span>
              {header.distance !== null && (
                <span className="inline-flex items-center gap-1">
                  <MapPin aria-hidden="true" className="size-4" />
                  {header.distance} km away
                </span>
              )}
              {header.website && (
                <a href={header.website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2">
                  Provider website
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              )}
            </p>
          </header>

          <div className="px-5 py-5 sm:px-8 sm:py-6">
            {result ? (
              <div role="status" className="flex flex-col items-center py-4 text-center">
                <ReviewStars score={result.score} size="lg" />
                <p className="mt-2 text-sm text-muted">
                  {result.score === null ? 'Your answers carry no star rating.' : `Your rating: ${result.score} out of 5`}
                </p>
                <p className="mt-5 max-w-md text-lg font-medium text-ink">{result.msg}</p>
                <button type="button" onClick={() => onClose('button')} className={`mt-6 ${primaryButton}`}>
                  Close
                </button>
              </div>
            ) : questions.isPending ? (
              <LoadingRegion label="Loading the questions…">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="mt-2 h-11 w-full" />
                <Skeleton className="mt-6 h-24 w-full" />
              </LoadingRegion>
            ) : questions.isError ? (
              <p role="alert" className="text-muted">
                The questions could not be loaded just now. Please close this and try again in a moment.
              </p>
            ) : (
              <ReviewForm target={target} definitions={questions.data} draft={draft} onDraftChange={onDraftChange} onSubmitted={onSubmitted} />
            )}
          </div>
        </div>
      </DialogPanel>
    </Dialog>
  )
}
