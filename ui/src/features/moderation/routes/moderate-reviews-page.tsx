import { Inbox } from 'lucide-react'
import { useRef, useState } from 'react'
import { CountBadge } from '@/components/ui/count-badge'
import { EmptyState } from '@/components/ui/empty-state'
import { Pager } from '@/components/ui/pager'
import { ListSkeleton } from '@/components/ui/skeleton'
import { pageOffset, totalPages } from '@/lib/paging'
import { usePullReviews } from '../api/pull-reviews'
import { useOpenReportsCount } from '../api/reported-reviews'
import { DEFAULT_FILTER, MODERATION_PAGE_SIZE, type ReviewFilter } from '../api/review-filter'
import { ModerationCard } from '../components/moderation-card'
import { ReportedList } from '../components/reported-list'
import { ReviewFilters } from '../components/review-filters'

/** /admin: the reviews to moderate, filtered, ten a page. */
export default function ModerateReviewsPage() {
  const [reported, setReported] = useState(false)
  const reportCount = useOpenReportsCount()
  return (
    <>
      <div role="group" aria-label="Show" className="mb-6 flex flex-wrap gap-2">
        {[
          { label: 'Review queue', on: false, count: undefined },
          { label: 'Reported', on: true, count: reportCount },
        ].map((view) => (
          <button
            key={view.label}
            type="button"
            aria-pressed={reported === view.on}
            // The count in words for screen readers; the badge is hidden from them.
            aria-label={view.count === undefined ? undefined : `${view.label}, ${view.count} open`}
            className="inline-flex items-center gap-2 rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink hover:bg-brand-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
            onClick={() => setReported(view.on)}
          >
            {view.label}
            {view.count !== undefined && <CountBadge count={view.count} small />}
          </button>
        ))}
      </div>
      {reported ? <ReportedList /> : <ReviewQueue />}
    </>
  )
}

/** The queue: reviews filtered by state, type and search, ten a page. */
function ReviewQueue() {
  const [filter, setFilter] = useState<ReviewFilter>(DEFAULT_FILTER)
  const [page, setPage] = useState(1)
  const reviews = usePullReviews(filter, page)
  const top = useRef<HTMLDivElement>(null)

  const changeFilter = (next: ReviewFilter) => {
    setFilter(next)
    setPage(1)
  }
  const changePage = (next: number) => {
    setPage(next)
    top.current?.scrollIntoView?.({ block: 'start' })
  }

  const data = reviews.data
  const total = data?.total ?? 0
  const first = pageOffset(page, MODERATION_PAGE_SIZE) + 1
  const last = first + (data?.reviews.length ?? 0) - 1

  return (
    <>
      <ReviewFilters filter={filter} onChange={changeFilter} />
      <div ref={top} className="mt-6 scroll-mt-4">
        {reviews.isPending ? (
          <ListSkeleton count={3} label="Loading reviews…" />
        ) : reviews.isError && !data ? (
          <EmptyState icon={Inbox} title="Reviews could not be loaded" role="alert">
            {reviews.error.message}
          </EmptyState>
        ) : !data || data.reviews.length === 0 ? (
          <EmptyState icon={Inbox} title="No reviews found">
            Try another filter or search.
          </EmptyState>
        ) : (
          // The previous filter's cards stay in view while the next load, but cannot be decided on:
          // the answer on its way could show such a card undecided again.
          <div aria-busy={reviews.isPlaceholderData} inert={reviews.isPlaceholderData} className={reviews.isPlaceholderData ? 'opacity-60' : undefined}>
            <p aria-live="polite" className="mb-4 text-sm text-muted">
              {total <= MODERATION_PAGE_SIZE
                ? `${total} ${total === 1 ? 'review' : 'reviews'}`
                : `Showing ${first}–${last} of ${total.toLocaleString('en-AU')} reviews`}
              {data.capped && ' among the newest 1,000 whose title holds the text: more than 1,000 do, so add words to narrow the search.'}
            </p>
            <ul className="space-y-4">
              {data.reviews.map((review) => (
                <li key={review._id}>
                  <ModerationCard review={review} />
                </li>
              ))}
            </ul>
            {total > MODERATION_PAGE_SIZE && (
              <div className="mt-8">
                <Pager page={page} pages={totalPages(total, MODERATION_PAGE_SIZE)} onChange={changePage} label="Review pages" />
              </div>
            )}
          </div>
        )}
      </div>
    </>
  )
}
