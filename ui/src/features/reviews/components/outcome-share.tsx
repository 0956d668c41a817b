import type { Outcome } from '../api/get-rating-details'
import { NO_OUTCOME_YET, OUTCOME_HEADING, outcomePercent } from '../lib/outcome'
import { ShareBar } from './share-list'

/**
 * What happened after (issue 29): the share of students who found work in the course's field
 * within six months, with its count and the note that it comes from reviewers, or when it will
 * show (from 5 answers, never below).
 */
export function OutcomeShare({ outcome }: { outcome: Outcome | null }) {
  return (
    <div data-testid="outcome-share">
      <h3 className="mb-3 text-base font-semibold text-brand-950">{OUTCOME_HEADING}</h3>
      {outcome ? (
        <>
          <p className="text-sm text-ink">
            <span className="font-bold text-brand-950">{outcomePercent(outcome)}%</span> of students found work in the field of the course within
            six months{' '}
            <span className="whitespace-nowrap text-muted">
              ({outcome.inField} of {outcome.answered})
            </span>
          </p>
          <ShareBar percent={outcomePercent(outcome)} />
          <p className="mt-2 text-xs text-muted">{outcome.note}</p>
        </>
      ) : (
        <p className="text-sm text-muted">{NO_OUTCOME_YET}</p>
      )}
    </div>
  )
}
