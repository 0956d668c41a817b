import { ArrowRight } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { RatedScore } from '@/components/ui/rated-score'
import type { CourseLink } from '@/lib/catalog-schemas'
import { pluralise } from '@/lib/score'
import { useProviderForCourse } from '../api/get-provider'
import { useReviewsFor } from '../api/get-reviews-for'
import { useVoteOnReview } from '../api/like-or-dislike-review'
import { ReviewItems } from './review-list'

/** How many of a predecessor's newest reviews show on its successor's page. */
export const PREDECESSOR_PREVIEW = 3

type PredecessorReviewsProps = {
  /** The courses the page's course replaced. */
  replaces: CourseLink[]
  providerSlug: string
  providerId: string
  currentUserId: string
}

/**
 * The reviews of the qualifications this course replaced, at the same provider: each in its own
 * labelled section with its own score and count, never mixed into the course's own.
 */
export function PredecessorReviews({ replaces, ...rest }: PredecessorReviewsProps) {
  return replaces.map((course) => <PredecessorSection key={course._id} course={course} {...rest} />)
}

function PredecessorSection({ course, providerSlug, providerId, currentUserId }: Omit<PredecessorReviewsProps, 'replaces'> & { course: CourseLink }) {
  const id = useId()
  const pair = useProviderForCourse(providerSlug, course._id)
  const total = pair.data?.reviewCount.total ?? 0
  const reviews = useReviewsFor({ courseId: total > 0 ? course._id : undefined, providerId, sort: 'Most Recent', userType: 'All', stars: null, page: 1 })
  const vote = useVoteOnReview(course._id, providerId)
  if (!pair.data || total === 0) return null
  const rating = pair.data.rating
  return (
    <section aria-labelledby={`${id}-heading`} data-testid="predecessor-reviews" className="container-page pb-10 sm:pb-12">
      <div className="rounded-lg border border-line bg-surface p-5 sm:p-6">
        <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight text-brand-950">
          Reviews of {course.courseCode}, the qualification this one replaced
        </h2>
        <p className="mt-2 text-sm text-muted">
          {course.courseCode} {course.name} at {pair.data.name}. These reviews are of the earlier qualification: they are not part of this course's
          score.
        </p>
        <div className="mt-4">
          <RatedScore label={`${course.courseCode} score`} score={rating.overall} count={rating.ratedCount.total} reviews={total} inline />
        </div>
        <div className="mt-5">
          {reviews.isPending ? null : reviews.isError ? (
            <p role="alert" className="text-muted">
              Reviews could not be loaded just now. Please try again in a moment.
            </p>
          ) : (
            <ReviewItems
              label={`Reviews of ${course.courseCode}`}
              items={reviews.data.reviews.slice(0, PREDECESSOR_PREVIEW)}
              currentUserId={currentUserId}
              mayReview={false}
              voting={vote.isPending}
              onVote={(reviewId, action) => vote.mutate({ action, reviewId, userId: currentUserId })}
            />
          )}
        </div>
        <Link
          to={`/course/${course.slug}/${providerSlug}`}
          className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Read all {pluralise(total, 'review')} of {course.courseCode} at {pair.data.name}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  )
}
