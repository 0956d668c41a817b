import type { ReviewerType } from '@/lib/reviews/questions-schema'
import { percentOf } from '@/lib/score'
import type { Share } from '../api/get-rating-details'

/** A share is given only from this many answers up (DESIGN decision 19). */
export const MIN_SHARE_ANSWERS = 5

/** What shows where no share has enough answers yet. */
export const NO_SHARES_YET = `Shown once ${MIN_SHARE_ANSWERS} reviewers have answered a question.`

/** 'students', 'employers': how a sentence names the reviewers. */
export const GROUP_NAME: Record<ReviewerType, string> = { Student: 'students', Employer: 'employers' }

/** 'Students', 'Employers': a group's heading. */
export const GROUP_TITLE: Record<ReviewerType, string> = { Student: 'Students', Employer: 'Employers' }

/** A share as a whole percentage of the answers. */
export const sharePercent = (share: Pick<Share, 'positive' | 'answered'>) => percentOf(share.positive, share.answered)

/** '86% of students say the trainers were knowledgeable (43 of 50)'. */
export function shareSentence(share: Share): string {
  return `${sharePercent(share)}% of ${GROUP_NAME[share.userType]} ${share.finding} (${share.positive} of ${share.answered})`
}

/** The shares of each reviewer type, students first; types without a share are left out. */
export function sharesByGroup(shares: readonly Share[]): { userType: ReviewerType; shares: Share[] }[] {
  return (['Student', 'Employer'] as const)
    .map((userType) => ({ userType, shares: shares.filter((s) => s.userType === userType) }))
    .filter((group) => group.shares.length > 0)
}

/** One question across the compared providers: each provider's share, or null where it has none. */
export type ShareRow = { key: string; userType: ReviewerType; finding: string; cells: (Share | null)[] }

/**
 * The questions any compared provider has a share for, one row each with every provider's
 * share in its column, students first. Each provider's list is in form order, so a question
 * one list adds goes before the next question of that list already placed.
 */
export function shareRows(lists: readonly (readonly Share[])[]): ShareRow[] {
  const keyOf = (s: Share) => `${s.userType}:${s.question}`
  const order: Share[] = []
  for (const list of lists) {
    list.forEach((share, i) => {
      if (order.some((placed) => keyOf(placed) === keyOf(share))) return
      const next = list.slice(i + 1).map(keyOf)
      const at = order.findIndex((placed) => next.includes(keyOf(placed)))
      order.splice(at < 0 ? order.length : at, 0, share)
    })
  }
  const studentsFirst = order.sort((a, b) => Number(a.userType !== 'Student') - Number(b.userType !== 'Student'))
  return studentsFirst.map((first) => ({
    key: keyOf(first),
    userType: first.userType,
    finding: first.finding,
    cells: lists.map((list) => list.find((s) => keyOf(s) === keyOf(first)) ?? null),
  }))
}
