import { Check, ChevronDown, Mail, X } from 'lucide-react'
import { useId, useState } from 'react'
import { ScoreCircle } from '@/components/ui/score-circle'
import { UserPicture } from '@/components/ui/user-picture'
import { ReviewAnswers, SPECIAL_ANSWER_LABELS } from '@/components/reviews/review-answers'
import { ReviewStars } from '@/components/reviews/review-stars'
import { IncentivisedLabel } from '@/components/reviews/incentivised-label'
import { InvitedLabel } from '@/components/reviews/invited-label'
import { formatPostedDate } from '@/lib/posted-date'
import { useApproveDisapprove, type ModerationAction } from '../api/approve-disapprove'
import type { ModerationReview } from '../api/pull-reviews'
import { ReasonDialog } from '@/components/reviews/reason-dialog'
import { SignalList } from './signal-list'

const USER_TYPE_LABELS: Record<string, string> = { Student: 'Student or Graduate', Employer: 'Employer' }

/** 'J. Nguyen': the reviewer's first initial and last name. */
function shortName(firstName: string, lastName: string): string {
  const initial = firstName.trim().charAt(0).toUpperCase()
  return [initial && `${initial}.`, lastName.trim()].filter(Boolean).join(' ')
}

/**
 * One review as the admin moderates it: who wrote it, the score, the course and provider, the
 * text, the answers on demand, and Approve and Disapprove (reading 'Approved' or 'Disapproved'
 * once that is the decision). Disapprove first asks for the reason and a note; the reason of a
 * disapproved review is shown beside the buttons.
 */
export function ModerationCard({ review }: { review: ModerationReview }) {
  const id = useId()
  const [answersOpen, setAnswersOpen] = useState(false)
  const [asking, setAsking] = useState(false)
  const decide = useApproveDisapprove()
  const { user } = review
  const name = shortName(user.firstName, user.lastName)
  const isApproved = review.actioned && review.approved
  const isDisapproved = review.actioned && !review.approved
  const act = (action: ModerationAction) => {
    if (decide.isPending) return
    if ((action === 'approve' && isApproved) || (action === 'disapprove' && isDisapproved)) return
    if (action === 'disapprove') {
      decide.reset()
      setAsking(true)
      return
    }
    decide.mutate({ action, id: review._id })
  }
  const disapprove = (choice: { reason: string; note?: string }) =>
    decide.mutate({ action: 'disapprove', id: review._id, ...choice }, { onSuccess: () => setAsking(false) })

  return (
    <article aria-labelledby={`${id}-title`} className="rounded-lg border border-line bg-white p-5 shadow-xs sm:p-6">
      <div className="flex items-start gap-4">
        <UserPicture user={{ ...user, userType: review.userType }} className="size-12 sm:size-14" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-semibold text-brand-950">{name}</span>
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
              {USER_TYPE_LABELS[review.userType] ?? review.userType}
            </span>
            {review.incentivised && <IncentivisedLabel />}
            {review.invited && <InvitedLabel />}
          </p>
          <a
            href={`mailto:${user.email}`}
            className="mt-0.5 inline-flex max-w-full items-center gap-1.5 text-sm font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {user.email}
          </a>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <ReviewStars score={review.score} />
            <span className="text-sm text-muted">posted {formatPostedDate(review.createdAt)}</span>
          </p>
        </div>
        <ScoreCircle score={review.score} label="Review score" />
      </div>

      <div className="mt-5 border-t border-line pt-4">
        <p className="font-semibold text-brand-950">{review.provider.name}</p>
        <p className="mt-0.5 text-sm text-muted">
          <span className="font-semibold tracking-wide text-brand-700 uppercase">{review.course.courseCode}</span>{' '}
          {review.course.name}
        </p>
        <h2 id={`${id}-title`} className="mt-4 text-lg font-semibold break-words text-brand-950">
          {review.title}
        </h2>
        <p className="mt-1 break-words whitespace-pre-line text-ink">{review.comment}</p>
      </div>
      <SignalList signals={review.signals} />

      <div className="mt-4">
        <button
          type="button"
          aria-expanded={answersOpen}
          aria-controls={`${id}-answers`}
          onClick={() => setAnswersOpen((open) => !open)}
          className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          {answersOpen ? 'Hide question answers' : 'Show question answers'}
          <ChevronDown aria-hidden="true" className={`size-4 ${answersOpen ? 'rotate-180' : ''}`} />
        </button>
        <div id={`${id}-answers`} hidden={!answersOpen} className="mt-3">
          {answersOpen && (
            <ReviewAnswers
              userType={review.userType}
              questions={review.questions}
              // The spec's own labels for two sub-answers in the admin's view.
              labels={SPECIAL_ANSWER_LABELS}
            />
          )}
        </div>
      </div>

      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-line pt-4">
        <DecisionButton action="approve" decided={isApproved} busy={decide.isPending} onClick={() => act('approve')} />
        <DecisionButton action="disapprove" decided={isDisapproved} busy={decide.isPending} onClick={() => act('disapprove')} />
        {decide.isError && !asking && (
          <p role="alert" className="text-sm font-medium text-danger-700">
            {decide.error.message}
          </p>
        )}
        {isDisapproved && review.refusal && (
          <p className="w-full text-sm text-ink" data-testid="refusal">
            <span className="font-semibold">Reason:</span> {review.refusal.label}
            {review.refusal.note && <span className="break-words"> · {review.refusal.note}</span>}
          </p>
        )}
      </div>
      <ReasonDialog
        open={asking}
        title="Disapprove review"
        description={`Why is ‘${review.title}’ not published? The author is told the reason and your note.`}
        noteLabel="Note to the author"
        confirmLabel="Disapprove"
        busy={decide.isPending}
        error={asking && decide.isError ? decide.error.message : null}
        onClose={() => setAsking(false)}
        onConfirm={disapprove}
      />
    </article>
  )
}

type DecisionButtonProps = { action: ModerationAction; decided: boolean; busy: boolean; onClick: () => void }

const decisionBase = 'inline-flex items-center justify-center gap-2 rounded-md border px-5 py-2.5 font-semibold aria-disabled:cursor-default'

const DECISION_STYLES = {
  approve: {
    Icon: Check,
    idle: 'border-success-700 bg-white text-success-700 hover:bg-success-50',
    decided: 'border-success-700 bg-success-700 text-white',
  },
  disapprove: {
    Icon: X,
    idle: 'border-danger-700 bg-white text-danger-700 hover:bg-danger-50',
    decided: 'border-danger-700 bg-danger-700 text-white',
  },
} as const

/**
 * Approve or Disapprove; once that is the decision it reads 'Approved' or 'Disapproved' and
 * does nothing (aria-disabled, so keyboard focus stays on it after the click).
 */
function DecisionButton({ action, decided, busy, onClick }: DecisionButtonProps) {
  const { Icon, idle, decided: decidedClass } = DECISION_STYLES[action]
  const label = action === 'approve' ? (decided ? 'Approved' : 'Approve') : decided ? 'Disapproved' : 'Disapprove'
  return (
    <button
      type="button"
      aria-disabled={decided || busy}
      onClick={onClick}
      className={`${decisionBase} ${decided ? decidedClass : idle} ${busy && !decided ? 'opacity-70' : ''}`}
    >
      <Icon aria-hidden="true" className="size-5" />
      {label}
    </button>
  )
}
