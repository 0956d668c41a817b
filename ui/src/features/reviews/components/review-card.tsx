import { ChevronDown, ThumbsDown, ThumbsUp } from 'lucide-react'
import { useId, useState } from 'react'
import { linkButton } from '@/components/ui/button-styles'
import type { ListedReview } from '../api/get-reviews-for'
import type { VoteAction } from '../api/like-or-dislike-review'
import { voteAction } from '../api/like-or-dislike-review'
import { formatPostedDate } from '@/lib/posted-date'
import { ReviewAnswers } from '@/components/reviews/review-answers'
import { ReviewStars } from '@/components/reviews/review-stars'
import { IncentivisedLabel } from '@/components/reviews/incentivised-label'
import { InvitedLabel } from '@/components/reviews/invited-label'
import { LegalComplaintLink } from '@/components/reviews/legal-complaint-link'
import { studyPeriodText } from '../lib/study-period'
import { previewSegments } from '../lib/search-text'
import { HighlightedText } from './highlighted-text'
import { ReportReview } from './report-review'
import { type ReplyRole, ReviewReply } from './review-reply'

/** Who may change replies on this page, and the pair whose list reloads after a change. */
export type ReplyContext = { role: ReplyRole; courseId: string; providerId: string }

/** Comments longer than this start cut short, with Read more. */
export const COMMENT_PREVIEW_CHARS = 160

type ReviewCardProps = {
  item: ListedReview
  currentUserId: string
  /** Whether this review's comment is the one expanded (one at a time). */
  expanded: boolean
  onToggleComment: () => void
  onVote: (action: VoteAction) => void
  voting: boolean
  /** Shows the provider's reply; without it the card shows the reply but no controls. */
  replies?: ReplyContext
}

const TYPE_LABEL: Record<string, string> = { Student: 'Student or Graduate', Employer: 'Employer' }

/** One approved review: who, what they said and scored, the votes, and their answers on request. */
export function ReviewCard({ item, currentUserId, expanded, onToggleComment, onVote, voting, replies }: ReviewCardProps) {
  const { user, review } = item
  const id = useId()
  const [answersOpen, setAnswersOpen] = useState(false)
  const liked = review.likes.includes(currentUserId)
  const disliked = review.dislikes.includes(currentUserId)
  const own = user._id === currentUserId
  const long = review.comment.length > COMMENT_PREVIEW_CHARS
  const comment = long && !expanded ? `${review.comment.slice(0, COMMENT_PREVIEW_CHARS).trimEnd()}…` : review.comment
  // A searched review shows the server's matches; a cut comment keeps its first match in view.
  const marked = review.highlight
  const markedComment = marked && (long && !expanded ? previewSegments(marked.comment, COMMENT_PREVIEW_CHARS) : marked.comment)
  const voteTitle = own ? 'You cannot like or dislike your own review' : undefined
  const studied = studyPeriodText(review.studyPeriod)

  return (
    <article id={`review-${review._id}`} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-lg border border-line bg-white p-5 shadow-xs sm:p-6">
      <header className="flex items-start gap-4">
        <img src={user.image} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full border border-line bg-surface object-cover" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold [overflow-wrap:anywhere] text-brand-950">{user.name}</p>
          <p className="text-sm text-muted">
            {TYPE_LABEL[review.userType] ?? review.userType}
            <span aria-hidden="true"> · </span>
            <span className="whitespace-nowrap">{`posted ${formatPostedDate(review.createdAt)}`}</span>
          </p>
          {studied && <p className="text-sm text-muted">{studied}</p>}
          {(review.incentivised || review.invited) && (
            <p className="mt-1.5 flex flex-wrap gap-1.5">
              {review.incentivised && <IncentivisedLabel />}
              {review.invited && <InvitedLabel />}
            </p>
          )}
        </div>
      </header>

      <h3 id={`${id}-title`} className="mt-4 text-lg font-semibold break-words text-brand-950">
        {marked ? <HighlightedText segments={marked.title} /> : review.title}
      </h3>
      <div className="mt-1">
        <ReviewStars score={review.score} />
      </div>
      <p id={`${id}-comment`} className="mt-3 break-words whitespace-pre-line text-ink">
        {markedComment ? <HighlightedText segments={markedComment} /> : comment}
      </p>
      {long && (
        <button type="button" aria-expanded={expanded} aria-controls={`${id}-comment`} onClick={onToggleComment} className={`mt-1 ${linkButton}`}>
          {expanded ? 'Read less' : 'Read more'}
        </button>
      )}
      <ReviewReply
        reviewId={review._id}
        reply={review.reply}
        role={replies?.role ?? null}
        courseId={replies?.courseId ?? ''}
        providerId={replies?.providerId ?? ''}
      />

      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3 border-t border-line pt-4">
        <div className="flex items-center gap-2">
          <VoteButton
            kind="like"
            pressed={liked}
            count={review.likes.length}
            disabled={own || voting}
            title={voteTitle}
            onClick={() => onVote(voteAction('like', { liked, disliked }))}
          />
          <VoteButton
            kind="dislike"
            pressed={disliked}
            count={review.dislikes.length}
            disabled={own || voting}
            title={voteTitle}
            onClick={() => onVote(voteAction('dislike', { liked, disliked }))}
          />
        </div>
        {!own && <ReportReview reviewId={review._id} reviewTitle={review.title} />}
        <LegalComplaintLink part="review" reviewId={review._id} />
        <button
          type="button"
          aria-expanded={answersOpen}
          aria-controls={`${id}-answers`}
          onClick={() => setAnswersOpen(!answersOpen)}
          className="ml-auto inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-brand-700 hover:underline"
        >
          {answersOpen ? 'Hide answers' : 'Show answers'}
          <ChevronDown aria-hidden="true" className={`size-4 ${answersOpen ? 'rotate-180' : ''}`} />
        </button>
      </div>
      <div id={`${id}-answers`} hidden={!answersOpen}>
        {answersOpen && <ReviewAnswers userType={review.userType} questions={review.questions} className="mt-3" />}
      </div>
    </article>
  )
}

type VoteButtonProps = {
  kind: 'like' | 'dislike'
  pressed: boolean
  count: number
  disabled: boolean
  title?: string
  onClick: () => void
}

function VoteButton({ kind, pressed, count, disabled, title, onClick }: VoteButtonProps) {
  const Icon = kind === 'like' ? ThumbsUp : ThumbsDown
  const name = kind === 'like' ? 'Like' : 'Dislike'
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`${name} (${count})`}
      title={title}
      disabled={disabled}
      onClick={onClick}
      className={`inline-flex h-10 min-w-16 items-center justify-center gap-2 rounded-md border px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${
        pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-line bg-white text-ink hover:border-brand-600 hover:bg-brand-50'
      }`}
    >
      <Icon aria-hidden="true" className="size-4" fill={pressed ? 'currentColor' : 'none'} />
      <span data-testid={`${kind}-count`}>{count}</span>
    </button>
  )
}
