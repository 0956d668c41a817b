import type { UseQueryResult } from '@tanstack/react-query'
import { linkButton } from '@/components/ui/button-styles'
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton'
import type { RatingDetails } from '../api/get-rating-details'
import { OutcomeShare } from './outcome-share'
import { RatingDistribution, type StarPick } from './rating-distribution'
import { ShareList } from './share-list'

type RatingDetailsSectionProps = {
  details: UseQueryResult<RatingDetails>
  onPick: (pick: StarPick) => void
  picked: StarPick | null
}

/**
 * How this course at this provider was rated: the star distribution by reviewer type (each bar
 * filters the review list), what reviewers said per question, and what happened after.
 */
export function RatingDetailsSection({ details, onPick, picked }: RatingDetailsSectionProps) {
  return (
    <section aria-labelledby="rating-details-heading" data-testid="rating-details" className="rounded-lg border border-line bg-white p-5 sm:p-6">
      <h2 id="rating-details-heading" className="text-lg font-semibold text-brand-950">
        How reviewers rated this course
      </h2>
      {details.isPending ? (
        <LoadingRegion label="Loading the rating details…">
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
          </div>
        </LoadingRegion>
      ) : details.isError ? (
        <p role="alert" className="mt-3 text-sm text-muted">
          The rating details could not be loaded just now.{' '}
          <button type="button" onClick={() => void details.refetch()} className={linkButton}>
            Try again
          </button>
        </p>
      ) : (
        <div className="mt-4 grid gap-8 lg:grid-cols-2">
          <div>
            <h3 className="text-base font-semibold text-brand-950">Star ratings</h3>
            <p className="mt-0.5 mb-3 text-sm text-muted">Choose a bar to read those reviews.</p>
            <RatingDistribution distribution={details.data.distribution} onPick={onPick} picked={picked} />
          </div>
          <div>
            <h3 className="mb-3 text-base font-semibold text-brand-950">What reviewers said</h3>
            <ShareList shares={details.data.questions} />
            <div className="mt-6 border-t border-line pt-5">
              <OutcomeShare outcome={details.data.outcome} />
            </div>
          </div>
        </div>
      )}
    </section>
  )
}
