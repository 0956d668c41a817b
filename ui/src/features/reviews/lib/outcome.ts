import { percentOf } from '@/lib/score'
import type { Outcome } from '../api/get-rating-details'
import { MIN_SHARE_ANSWERS } from './shares'

/** The section's heading on the course-provider page. */
export const OUTCOME_HEADING = 'What happened after'

/** The compare table's row. */
export const OUTCOME_ROW = 'Students who found work in the field'

/** What shows while fewer than 5 students have answered (the share rule of DESIGN 19). */
export const NO_OUTCOME_YET = `Shown once ${MIN_SHARE_ANSWERS} students who finished have said whether they found work.`

/** The share as a whole percentage. */
export const outcomePercent = (outcome: Outcome) => percentOf(outcome.inField, outcome.answered)

/** '60% of students found work in the field of the course within six months (3 of 5)'. */
export function outcomeSentence(outcome: Outcome): string {
  return `${outcomePercent(outcome)}% of students found work in the field of the course within six months (${outcome.inField} of ${outcome.answered})`
}
