import { Flag } from 'lucide-react'
import { useState } from 'react'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { Pager } from '@/components/ui/pager'
import { ListSkeleton } from '@/components/ui/skeleton'
import { ReasonDialog } from '@/components/reviews/reason-dialog'
import { ReviewStars } from '@/components/reviews/review-stars'
import { formatPostedDate } from '@/lib/posted-date'
import { totalPages } from '@/lib/paging'
import { MODERATION_PAGE_SIZE } from '../api/review-filter'
import { type ReportedReview, useDecideReport, useReported } from '../api/reported-reviews'

/** Moderate Reviews' 'Reported' filter: published reviews with open reports, each kept or removed. */
export function ReportedList() {
  const [page, setPage] = useState(1)
  const reported = useReported(page)
  if (reported.isPending) return <ListSkeleton count={2} label="Loading reported reviews…" />
  if (reported.isError)
    return (
      <EmptyState icon={Flag} title="Reported reviews could not be loaded" role="alert">
        {reported.error.message}
      </EmptyState>
    )
  const { items, total } = reported.data
  if (items.length === 0)
    return (
      <EmptyState icon={Flag} title="No reported reviews">
        Reviews that readers report appear here.
      </EmptyState>
    )
  return (
    <>
      <p aria-live="polite" className="mb-4 text-sm text-muted">
        {total === 1 ? '1 reported review' : `${total} reported reviews`}
      </p>
      <ul className="space-y-4">
        {items.map((item) => (
          <li key={item.review._id}>
            <ReportedCard item={item} />
          </li>
        ))}
      </ul>
      {total > MODERATION_PAGE_SIZE && (
        <div className="mt-8">
          <Pager page={page} pages={totalPages(total, MODERATION_PAGE_SIZE)} onChange={setPage} label="Reported review pages" />
        </div>
      )}
    </>
  )
}

function ReportedCard({ item }: { item: ReportedReview }) {
  const { review, reports } = item
  const decide = useDecideReport()
  const [asking, setAsking] = useState(false)
  const headingId = `reported-${review._id}`
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-5 shadow-xs sm:p-6">
      <p className="text-sm text-muted">
        {review.user.firstName} {review.user.lastName} · {review.provider.name} · {review.course.courseCode} {review.course.name} ·{' '}
        {`posted ${formatPostedDate(review.createdAt)}`}
      </p>
      <h3 id={headingId} className="mt-2 text-lg font-semibold break-words text-brand-950">
        {review.title}
      </h3>
      <ReviewStars score={review.score} />
      <p className="mt-2 break-words whitespace-pre-line text-ink">{review.comment}</p>
      <div className="mt-4 rounded-md border border-line bg-surface px-4 py-3">
        <p className="font-semibold text-brand-950">{reports.length === 1 ? '1 report' : `${reports.length} reports`}</p>
        <ul className="mt-1 space-y-1 text-sm text-ink">
          {reports.map((report) => (
            <li key={report._id} className="break-words">
              <span className="font-semibold">{report.label}</span>
              {report.note && <span> · {report.note}</span>}
              <span className="text-muted">
                {' '}
                · {report.reporter.firstName} {report.reporter.lastName} ({report.reporter.email}), {formatPostedDate(report.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {decide.isError && !asking && (
        <p role="alert" className="mt-3 text-sm font-medium text-danger-700">
          {decide.error.message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} disabled={decide.isPending} onClick={() => decide.mutate({ reviewId: review._id, action: 'keep' })}>
          Keep
        </button>
        <button
          type="button"
          className={primaryButton}
          disabled={decide.isPending}
          onClick={() => {
            decide.reset()
            setAsking(true)
          }}
        >
          Remove
        </button>
      </div>
      <ReasonDialog
        open={asking}
        title="Remove review"
        description={`Why is ‘${review.title}’ removed? The author is told the reason and your note; the reporters are told it was removed.`}
        noteLabel="Note to the author"
        confirmLabel="Remove"
        busy={decide.isPending}
        error={asking && decide.isError ? decide.error.message : null}
        onClose={() => setAsking(false)}
        onConfirm={(choice) => decide.mutate({ reviewId: review._id, action: 'remove', ...choice }, { onSuccess: () => setAsking(false) })}
      />
    </article>
  )
}
