import { useId, useRef, useState, type FormEvent } from 'react'
import { Notice } from '@/components/ui/notice'
import { primaryButton } from '@/components/ui/button-styles'
import { ApiError, type ApiMessage } from '@/lib/api-client'
import type { Question, ReviewerType, StoredAnswer } from '@/lib/reviews/questions-schema'
import type { SubmittedReview } from '../api/submit-review'
import { useSubmitReview } from '../api/submit-review'
import { COMMENT_MAX, TITLE_MAX, commentError, titleError, type ReviewDraft } from '../lib/draft'
import {
  answerQuestion,
  flowComplete,
  scoreFor,
  submissionBody,
  isAnswered,
  shownSubQuestions,
  unansweredQuestions,
  visibleQuestions,
} from '../lib/review-flow'
import { QuestionField } from './question-field'
import { ReviewStars } from '@/components/reviews/review-stars'
import { INCENTIVE_REQUIRED, IncentiveField } from '@/components/reviews/incentive-field'

const inputClass =
  'mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-ink shadow-xs focus:border-brand-600'

export type ReviewTarget = { userType: ReviewerType; userId: string; providerId: string; courseId: string; industryId?: string }

type ReviewFormProps = {
  target: ReviewTarget
  definitions: Question[]
  draft: ReviewDraft
  onDraftChange: (draft: ReviewDraft) => void
  onSubmitted: (result: SubmittedReview) => void
}

/**
 * Title, the question chain, the comment and the live star preview. The title opens the chain;
 * each question shows once the one before is answered; the comment follows the last question.
 */
export function ReviewForm({ target, definitions, draft, onDraftChange, onSubmitted }: ReviewFormProps) {
  const id = useId()
  const submit = useSubmitReview()
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<ApiMessage[]>([])
  const errorsRef = useRef<HTMLDivElement>(null)
  const { userType } = target
  const { title, comment, answers, started, incentivised } = draft

  const shown = visibleQuestions(userType, definitions, answers, started)
  const complete = started && flowComplete(userType, definitions, answers)
  const score = scoreFor(definitions, answers)
  const byslug = new Map(definitions.map((q) => [q.slug, q]))

  const setAnswer = (slug: string, value: StoredAnswer | undefined) =>
    onDraftChange({ ...draft, answers: answerQuestion(userType, definitions, answers, slug, value) })

  const titleProblem = tried || title.length > TITLE_MAX ? titleError(title) : null
  const commentProblem = (tried && complete) || comment.length > COMMENT_MAX ? commentError(comment) : null
  const incentiveProblem = tried && complete && incentivised === undefined ? INCENTIVE_REQUIRED : null
  const firstOpen = tried && started ? unansweredQuestions(userType, definitions, answers)[0] : undefined

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    setServerErrors([])
    if (titleError(title) !== null || !complete || commentError(comment) !== null || incentivised === undefined) {
      // Move the reader to the first field at fault.
      requestAnimationFrame(() => {
        const form = document.getElementById(`${id}-form`)
        form
          ?.querySelector<HTMLElement>('[aria-invalid="true"], [data-open-question] input, [data-open-question] select')
          ?.focus()
      })
      return
    }
    try {
      const result = await submit.mutateAsync({
        ...submissionBody({
          userType,
          user: target.userId,
          provider: target.providerId,
          course: target.courseId,
          industry: target.industryId,
          title,
          comment,
          definitions,
          answers,
          score,
        }),
        incentivised,
      })
      onSubmitted(result)
    } catch (error) {
      setServerErrors(error instanceof ApiError ? error.messages : [{ msg: 'Something went wrong. Please try again.' }])
      requestAnimationFrame(() => errorsRef.current?.focus())
    }
  }

  return (
    <form id={`${id}-form`} noValidate onSubmit={onSubmit} className="space-y-5">
      {serverErrors.length > 0 && (
        <Notice tone="error" ref={errorsRef}>
          <p>Your review could not be sent:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {serverErrors.map((e, i) => (
              <li key={i}>{e.msg}</li>
            ))}
          </ul>
        </Notice>
      )}

      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-title`} className="font-semibold text-brand-950">
            Review title
          </label>
          <span id={`${id}-title-count`} className={`text-sm ${title.length > TITLE_MAX ? 'font-semibold text-danger-700' : 'text-muted'}`}>
            {title.length}/{TITLE_MAX}
          </span>
        </div>
        <input
          id={`${id}-title`}
          type="text"
          value={title}
          autoComplete="off"
          placeholder="Sum up your experience"
          aria-invalid={titleProblem ? true : undefined}
          aria-describedby={`${id}-title-count${titleProblem ? ` ${id}-title-error` : ''}`}
          onChange={(e) => onDraftChange({ ...draft, title: e.target.value, started: started || e.target.value.trim() !== '' })}
          className={`${inputClass} ${titleProblem ? 'border-danger-700' : 'border-line'}`}
        />
        {titleProblem && (
          <p id={`${id}-title-error`} className="mt-1.5 text-sm font-medium text-danger-700">
            {titleProblem}
          </p>
        )}
        {!started && <p className="mt-1.5 text-sm text-muted">Give your review a title to start the questions.</p>}
      </div>

      {shown.map((slug) => {
        const question = byslug.get(slug)
        if (!question) return null
        const sub = shownSubQuestions(question, answers)[0] ?? null
        const open = firstOpen?.slug === slug
        const openText = isAnswered(answers[slug]) && sub ? sub.label : question.question
        return (
          <div key={slug} data-open-question={open || undefined}>
            <QuestionField
              idPrefix={id}
              question={question}
              value={answers[slug]}
              onChange={(value) => setAnswer(slug, value)}
              error={open ? `Please answer: ${openText}` : undefined}
              sub={sub ? { question: sub, value: answers[sub.slug], onChange: (value) => setAnswer(sub.slug, value) } : undefined}
            />
          </div>
        )
      })}

      {complete && (
        <div>
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={`${id}-comment`} className="font-semibold text-brand-950">
              Your comment
            </label>
            <span
              id={`${id}-comment-count`}
              className={`text-sm ${comment.length > COMMENT_MAX ? 'font-semibold text-danger-700' : 'text-muted'}`}
            >
              {comment.length}/{COMMENT_MAX}
            </span>
          </div>
          <textarea
            id={`${id}-comment`}
            rows={5}
            value={comment}
            placeholder="What should others know about this course and provider?"
            aria-invalid={commentProblem ? true : undefined}
            aria-describedby={`${id}-comment-count${commentProblem ? ` ${id}-comment-error` : ''}`}
            onChange={(e) => onDraftChange({ ...draft, comment: e.target.value })}
            className={`${inputClass} ${commentProblem ? 'border-danger-700' : 'border-line'}`}
          />
          {commentProblem && (
            <p id={`${id}-comment-error`} className="mt-1.5 text-sm font-medium text-danger-700">
              {commentProblem}
            </p>
          )}
        </div>
      )}

      {complete && (
        <IncentiveField
          idPrefix={id}
          value={incentivised}
          onChange={(value) => onDraftChange({ ...draft, incentivised: value })}
          error={incentiveProblem}
        />
      )}

      {/* Kept in view while the questions scroll: the live rating and the way to send. */}
      <div className="sticky bottom-0 -mx-5 -mb-5 flex flex-row flex-wrap items-center justify-between gap-3 rounded-b-lg border-t border-line bg-white px-5 py-4 sm:-mx-8 sm:-mb-6 sm:px-8">
        <div>
          <p className="text-sm font-semibold text-brand-950">Your rating</p>
          <div className="mt-1 flex items-center gap-2" data-testid="star-preview">
            <ReviewStars score={started ? (score ?? 0) : 0} size="md" />
            <span className="text-sm text-muted">{started && score !== null ? `${score} / 5` : 'No rating yet'}</span>
          </div>
        </div>
        <button type="submit" disabled={submit.isPending} className={primaryButton}>
          {submit.isPending ? 'Sending…' : 'Submit review'}
        </button>
      </div>
    </form>
  )
}
