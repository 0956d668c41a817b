import { MessageSquareText, SearchX, X } from 'lucide-react'
import { useId, useState } from 'react'
import { EmptyState } from '@/components/ui/empty-state'
import { Pager } from '@/components/ui/pager'
import { ListSkeleton } from '@/components/ui/skeleton'
import { totalPages } from '@/lib/paging'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import {
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
  useReviewsFor,
  type ListedReview,
  type ReviewSort,
  type ReviewUserTypeFilter,
} from '../api/get-reviews-for'
import type { Distribution } from '../api/get-rating-details'
import { useVoteOnReview, type VoteAction } from '../api/like-or-dislike-review'
import { ALL_REVIEWS, REVIEW_LIST_ID, reviewsFound, starFilterText, type ReviewListFilter } from '../lib/review-filter'
import { searchable } from '../lib/search-text'
import { type ReplyContext, ReviewCard } from './review-card'
import type { ReplyRole } from './review-reply'
import { ReviewSearch } from './review-search'

/** The pause after typing before the list searches (the spec's search debounce). */
const SEARCH_PAUSE_MS = 600

const USER_TYPE_OPTIONS: { value: ReviewUserTypeFilter; label: string }[] = [
  { value: 'All', label: 'All' },
  { value: 'Student', label: 'Student or Graduate' },
  { value: 'Employer', label: 'Employer' },
]

const fieldClass =
  'mt-1.5 block w-full rounded-md border border-line bg-white px-3 py-2.5 text-base text-ink shadow-xs focus:border-brand-600'

type ReviewListProps = {
  courseId: string
  providerId: string
  currentUserId: string
  /** The pair's approved review counts (from the provider), which size the pager. */
  counts: { total: number; student: number; employer: number }
  /** The rated reviews by stars (the distribution), which size the pager of a star filter. */
  distribution: Distribution | undefined
  filter: ReviewListFilter
  onFilterChange: (filter: ReviewListFilter) => void
  /** Whether the user may leave a review now: the empty list then invites them. */
  mayReview: boolean
  /** What the reader may do with the provider's replies (write them, remove them, or nothing). */
  replyRole?: ReplyRole
}

/**
 * The pair's approved reviews with the sort and user-type filters and, from a bar of the
 * distribution, a star filter shown as a chip to clear; 20 per page.
 */
export function ReviewList({ courseId, providerId, currentUserId, counts, distribution, filter, onFilterChange, mayReview, replyRole = null }: ReviewListProps) {
  const id = useId()
  const { userType, stars } = filter
  const [sort, setSort] = useState<ReviewSort>('Most Recent')
  // The search runs a pause after typing stops, or at once on Enter.
  const [typed, setTyped] = useState('')
  const [entered, setEntered] = useState<string | null>(null)
  const settled = useDebouncedValue(typed, SEARCH_PAUSE_MS)
  const search = searchable(entered === typed ? typed : settled)
  // The page belongs to one sort, filter and search: another starts again at page 1.
  const view = `${sort}|${userType}|${stars}|${search}`
  const [paging, setPaging] = useState({ page: 1, view })
  const page = paging.view === view ? paging.page : 1
  const reviews = useReviewsFor({ courseId, providerId, sort, userType, stars, page, search })
  const vote = useVoteOnReview(courseId, providerId)
  const found = reviews.data && search && reviews.data.total !== null ? reviews.data.total : null

  const count = search ? (found ?? 0) : reviewsFound(filter, counts, distribution)
  const pages = totalPages(count, REVIEWS_PAGE_SIZE)

  const changePage = (next: number) => {
    setPaging({ page: next, view })
    document.getElementById(`${id}-heading`)?.scrollIntoView?.({ block: 'start' })
  }

  return (
    <section id={REVIEW_LIST_ID} tabIndex={-1} aria-labelledby={`${id}-heading`} className="scroll-mt-4 focus:outline-none">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={`${id}-heading`} className="scroll-mt-24 text-2xl font-bold tracking-tight text-brand-950">
          Reviews
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:gap-4">
          <div>
            <label htmlFor={`${id}-sort`} className="text-sm font-semibold text-brand-950">
              Sort by
            </label>
            <select
              id={`${id}-sort`}
              value={sort}
              onChange={(e) => setSort(e.target.value as ReviewSort)}
              className={`${fieldClass} sm:min-w-44`}
            >
              {REVIEW_SORTS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-type`} className="text-sm font-semibold text-brand-950">
              User type
            </label>
            <select
              id={`${id}-type`}
              value={userType}
              onChange={(e) => onFilterChange({ ...filter, userType: e.target.value as ReviewUserTypeFilter })}
              className={`${fieldClass} sm:min-w-52`}
            >
              {USER_TYPE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      {counts.total > 0 && (
        <ReviewSearch
          text={typed}
          onTextChange={setTyped}
          onSubmit={() => setEntered(typed)}
          onClear={() => {
            setTyped('')
            setEntered('')
          }}
          shown={found !== null && !reviews.isPlaceholderData ? { search, total: found } : null}
        />
      )}

      {stars !== null && <StarFilterChip filter={filter} onClear={() => onFilterChange(ALL_REVIEWS)} />}

      <div className="mt-6">
        {reviews.isPending ? (
          <ListSkeleton count={3} label="Loading reviews…" />
        ) : reviews.isError ? (
          <p role="alert" className="text-muted">
            Reviews could not be loaded just now. Please try again in a moment.
          </p>
        ) : (
          <ReviewItems
            key={`${view}-${page}`}
            items={reviews.data.reviews}
            search={search}
            currentUserId={currentUserId}
            mayReview={mayReview}
            replies={{ role: replyRole, courseId, providerId }}
            voting={vote.isPending}
            onVote={(reviewId, action) => vote.mutate({ action, reviewId, userId: currentUserId })}
          />
        )}
      </div>

      {count > REVIEWS_PAGE_SIZE && (
        <div className="mt-8">
          <Pager page={page} pages={pages} onChange={changePage} label="Review pages" />
        </div>
      )}
    </section>
  )
}

/** 'Showing 4-star reviews by students — Clear'. */
function StarFilterChip({ filter, onClear }: { filter: ReviewListFilter; onClear: () => void }) {
  return (
    <p className="mt-4 inline-flex flex-wrap items-center gap-x-2 rounded-full border border-brand-600/40 bg-brand-50 py-1.5 pr-2 pl-4 text-sm text-brand-950">
      <span role="status" className="font-medium">
        {starFilterText(filter)}
      </span>
      <span aria-hidden="true" className="text-muted">
        —
      </span>
      <button type="button" onClick={onClear} className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold text-brand-700 hover:bg-white hover:underline">
        Clear <span className="sr-only">the star filter</span>
        <X aria-hidden="true" className="size-4" />
      </button>
    </p>
  )
}

type ReviewItemsProps = {
  items: ListedReview[]
  /** The search the items answer; '' for none. */
  search?: string
  currentUserId: string
  mayReview: boolean
  voting: boolean
  onVote: (reviewId: string, action: VoteAction) => void
  replies?: ReplyContext
  /** The list's accessible name. */
  label?: string
}

/** The cards, or the empty list's sentences; one comment expanded at a time. */
export function ReviewItems({ items, search = '', currentUserId, mayReview, voting, onVote, replies, label = 'Reviews' }: ReviewItemsProps) {
  const [expanded, setExpanded] = useState<string | null>(null)
  if (items.length === 0 && search) {
    return (
      <EmptyState icon={SearchX} title={`No reviews match “${search}”.`}>
        <p>Try other words, or clear the search to see every review.</p>
      </EmptyState>
    )
  }
  if (items.length === 0) {
    return (
      <EmptyState icon={MessageSquareText} title="No approved reviews found.">
        {mayReview && (
          <>
            <p className="font-semibold text-ink">Be the first to review!</p>
            <p>Leave a review using the button above.</p>
          </>
        )}
      </EmptyState>
    )
  }
  return (
    <ul aria-label={label} className="space-y-4">
      {items.map((item) => (
        <li key={item.review._id}>
          <ReviewCard
            item={item}
            currentUserId={currentUserId}
            expanded={expanded === item.review._id}
            onToggleComment={() => setExpanded(expanded === item.review._id ? null : item.review._id)}
            onVote={(action) => onVote(item.review._id, action)}
            voting={voting}
            replies={replies}
          />
        </li>
      ))}
    </ul>
  )
}
