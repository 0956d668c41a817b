import { ArrowRight, ChevronDown, CircleCheck, CircleX, Clock, MessageSquareText, type LucideIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { ListSkeleton } from '@/components/ui/skeleton'
import { useUser } from '@/lib/auth/get-userinfo'
import { ReviewStars } from '@/components/reviews/review-stars'
import { IncentivisedLabel } from '@/components/reviews/incentivised-label'
import { InvitedLabel } from '@/components/reviews/invited-label'
import { formatPostedDate } from '@/lib/posted-date'
import { formatScore } from '@/lib/score'
import { reviewStatus, useUserReviews, type ReviewStatus, type UserReview } from '../api/get-user-reviews'
import { ProfileLayout } from '../components/profile-layout'
import { RefusalPanel } from '../components/refusal-panel'

const textLink = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800'

/** /profile/reviews: the user's reviews, newest first, each with its moderation status. */
export default function ReviewsPage() {
  const user = useUser()
  const reviews = useUserReviews(user?._id)
  // Only one review's title and comment are open at a time.
  const [openId, setOpenId] = useState<string | null>(null)
  const reviewer = user?.userType === 'Student' || user?.userType === 'Employer'

  return (
    <ProfileLayout title="Most Recent Reviews">
      {reviews.isPending ? (
        <ListSkeleton count={3} label="Loading your reviews…" />
      ) : reviews.isError ? (
        <EmptyState icon={MessageSquareText} title="Your reviews could not be loaded" role="alert">
          Please try again in a moment.
        </EmptyState>
      ) : reviews.data.length === 0 ? (
        <EmptyState icon={MessageSquareText} title="You have not reviewed any courses yet">
          {reviewer ? (
            <>
              Tell others how your course went: find it, pick your provider and leave a review.{' '}
              <Link to="/search" className={textLink}>
                Find a course
              </Link>
            </>
          ) : (
            'Only Students, Graduates and Employers can review courses.'
          )}
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {reviews.data.map((review) => (
            <ReviewItem
              key={review._id}
              review={review}
              userId={user?._id}
              open={openId === review._id}
              onToggle={() => setOpenId((id) => (id === review._id ? null : review._id))}
            />
          ))}
        </ul>
      )}
    </ProfileLayout>
  )
}

type ReviewItemProps = { review: UserReview; userId: string | undefined; open: boolean; onToggle: () => void }

function ReviewItem({ review, userId, open, onToggle }: ReviewItemProps) {
  const course = review.course[0]
  const provider = review.provider[0]
  const headingId = `my-review-${review._id}`
  const detailsId = `my-review-details-${review._id}`
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-5 shadow-xs sm:p-6">
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          {course && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{course.courseCode}</p>}
          <h2 id={headingId} className="mt-1 text-xl font-semibold text-brand-950">
            {provider?.name ?? 'Unknown provider'}
          </h2>
          {course && <p className="mt-1 text-muted">{course.name}</p>}
        </div>
        <StatusLabel status={reviewStatus(review)} />
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="inline-flex items-center gap-2">
          <ReviewStars score={review.score} />
          {/* The stars already read out the score; a review without a rating says so instead. */}
          {review.score !== null && (
            <span aria-hidden="true" className="font-semibold text-brand-950">
              {formatScore(review.score)}
            </span>
          )}
        </span>
        <span className="text-sm text-muted">posted {formatPostedDate(review.createdAt)}</span>
        {review.incentivised && <IncentivisedLabel />}
        {review.invited && <InvitedLabel />}
      </div>

      {reviewStatus(review) === 'disapproved' && <RefusalPanel review={review} userId={userId} />}

      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={onToggle}
          className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          {open ? 'Show less' : 'Show more'}
          <ChevronDown aria-hidden="true" className={`size-4 ${open ? 'rotate-180' : ''}`} />
          <span className="sr-only"> of your review of {provider?.name}</span>
        </button>
        {course && provider && (
          <Link
            to={`/course/${course.slug}/${provider.slug}`}
            className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
          >
            View course provider
            <ArrowRight aria-hidden="true" className="size-4" />
            <span className="sr-only">
              : {provider.name}, {course.name}
            </span>
          </Link>
        )}
      </div>

      <div id={detailsId} hidden={!open} className="mt-4 border-t border-line pt-4">
        {open && (
          <>
            <h3 className="font-semibold break-words text-brand-950">{review.title}</h3>
            <p className="mt-2 break-words whitespace-pre-line text-ink">{review.comment}</p>
          </>
        )}
      </div>
    </li>
  )
}

const STATUS: Record<ReviewStatus, { label: string; Icon: LucideIcon; className: string; iconClass: string }> = {
  unactioned: {
    label: 'Awaiting moderation',
    Icon: Clock,
    className: 'border-accent-400 bg-accent-100 text-ink',
    iconClass: 'text-accent-700',
  },
  approved: {
    label: 'Approved',
    Icon: CircleCheck,
    className: 'border-success-700/40 bg-success-50 text-success-700',
    iconClass: '',
  },
  disapproved: {
    label: 'Disapproved',
    Icon: CircleX,
    className: 'border-danger-700/40 bg-danger-50 text-danger-700',
    iconClass: '',
  },
}

/** The review's moderation status: a word and an icon of its own, not only a colour. */
function StatusLabel({ status }: { status: ReviewStatus }) {
  const { label, Icon, className, iconClass } = STATUS[status]
  return (
    <p
      data-status={status}
      className={`inline-flex shrink-0 items-center gap-1.5 self-start rounded-full border px-3 py-1 text-sm font-semibold ${className}`}
    >
      <Icon aria-hidden="true" className={`size-4 ${iconClass}`} />
      <span className="sr-only">Status: </span>
      {label}
    </p>
  )
}
