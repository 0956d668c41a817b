import { CircleAlert } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { primaryButton, secondaryButton, textLink } from '@/components/ui/button-styles'
import { INCENTIVE_REQUIRED, IncentiveField } from '@/components/reviews/incentive-field'
import { ApiError } from '@/lib/api-client'
import { COMMENT_MAX, TITLE_MAX, commentError, titleError } from '@/lib/reviews/review-text'
import type { UserReview } from '../api/get-user-reviews'
import { useResubmitReview } from '../api/resubmit-review'

const inputClass = 'mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-ink shadow-xs focus:border-brand-600'

type RefusalPanelProps = { review: UserReview; userId: string | undefined }

/** The note of a review a legal complaint hides (the server's `complaints::store::HIDDEN_NOTE`). */
export const HIDDEN_BY_COMPLAINT = 'Hidden while a legal complaint about it is considered'

/**
 * Under a review that was not published: the reason and the moderator's note, what the author
 * may do (edit and resubmit, or contact us), and the edit form that sends it back.
 */
export function RefusalPanel({ review, userId }: RefusalPanelProps) {
  const [editing, setEditing] = useState(false)
  const { refusal } = review
  return (
    <div className="mt-4 rounded-md border border-danger-700/40 bg-danger-50 p-4" data-testid="refusal">
      <p className="flex items-start gap-2 font-semibold text-danger-700">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {refusal ? `Not published: ${refusal.label}` : 'Not published: it did not meet our terms of use'}
      </p>
      {refusal?.note && (
        <p className="mt-1 break-words text-ink">
          <span className="font-semibold">Moderator&rsquo;s note:</span> {refusal.note}
        </p>
      )}
      {refusal?.note === HIDDEN_BY_COMPLAINT ? (
        <p className="mt-2 text-ink">
          You can edit your review again once the complaint is decided; we will tell you the outcome. Read{' '}
          <Link to="/about/reviews" className={textLink}>how we handle legal complaints</Link>.
        </p>
      ) : (
        <p className="mt-2 text-ink">
          You can edit your review and submit it again, or <Link to="/contact" className={textLink}>contact us</Link> if
          you think we got it wrong. Read <Link to="/about/reviews" className={textLink}>how we moderate reviews</Link>.
        </p>
      )}
      {refusal?.note === HIDDEN_BY_COMPLAINT ? null : editing ? (
        <EditForm review={review} userId={userId} onDone={() => setEditing(false)} />
      ) : (
        <button type="button" onClick={() => setEditing(true)} className={`${secondaryButton} mt-3 bg-white`}>
          Edit and resubmit
          <span className="sr-only"> your review of {review.provider[0]?.name}</span>
        </button>
      )}
    </div>
  )
}

function EditForm({ review, userId, onDone }: { review: UserReview; userId: string | undefined; onDone: () => void }) {
  const id = useId()
  const resubmit = useResubmitReview(userId)
  const [title, setTitle] = useState(review.title)
  const [comment, setComment] = useState(review.comment)
  const [incentivised, setIncentivised] = useState<boolean | undefined>(review.incentivised)
  const [tried, setTried] = useState(false)
  const titleProblem = tried || title.length > TITLE_MAX ? titleError(title) : null
  const commentProblem = tried || comment.length > COMMENT_MAX ? commentError(comment) : null
  const incentiveProblem = tried && incentivised === undefined ? INCENTIVE_REQUIRED : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (titleError(title) || commentError(comment) || incentivised === undefined) return
    resubmit.mutate({ id: review._id, title, comment, incentivised }, { onSuccess: onDone })
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4 rounded-md bg-white p-4">
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-title`} className="font-semibold text-brand-950">
            Review title
          </label>
          <span className={`text-sm ${title.length > TITLE_MAX ? 'font-semibold text-danger-700' : 'text-muted'}`}>
            {title.length}/{TITLE_MAX}
          </span>
        </div>
        <input
          id={`${id}-title`}
          type="text"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={titleProblem ? true : undefined}
          aria-describedby={titleProblem ? `${id}-title-error` : undefined}
          className={`${inputClass} ${titleProblem ? 'border-danger-700' : 'border-line'}`}
        />
        {titleProblem && (
          <p id={`${id}-title-error`} className="mt-1.5 text-sm font-medium text-danger-700">
            {titleProblem}
          </p>
        )}
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-comment`} className="font-semibold text-brand-950">
            Your comment
          </label>
          <span className={`text-sm ${comment.length > COMMENT_MAX ? 'font-semibold text-danger-700' : 'text-muted'}`}>
            {comment.length}/{COMMENT_MAX}
          </span>
        </div>
        <textarea
          id={`${id}-comment`}
          rows={5}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          aria-invalid={commentProblem ? true : undefined}
          aria-describedby={commentProblem ? `${id}-comment-error` : undefined}
          className={`${inputClass} ${commentProblem ? 'border-danger-700' : 'border-line'}`}
        />
        {commentProblem && (
          <p id={`${id}-comment-error`} className="mt-1.5 text-sm font-medium text-danger-700">
            {commentProblem}
          </p>
        )}
      </div>
      <IncentiveField idPrefix={id} value={incentivised} onChange={setIncentivised} error={incentiveProblem} />
      {resubmit.isError && (
        <div role="alert" className="text-sm font-medium text-danger-700">
          {resubmit.error instanceof ApiError ? (
            <ul className="list-disc pl-5">
              {resubmit.error.messages.map((m, i) => (
                <li key={i}>{m.msg}</li>
              ))}
            </ul>
          ) : (
            resubmit.error.message
          )}
        </div>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button type="button" onClick={onDone} className={secondaryButton}>
          Cancel
        </button>
        <button type="submit" disabled={resubmit.isPending} className={primaryButton}>
          {resubmit.isPending ? 'Sending…' : 'Submit again'}
        </button>
      </div>
    </form>
  )
}
