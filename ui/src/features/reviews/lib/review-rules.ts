import type { ReviewerType } from '@/lib/reviews/questions-schema'

/** The already-reviewed message a click on the button shows for 10 seconds. */
export const ALREADY_REVIEWED = "You have already reviewed this course. You'll be notified when your review is live!"
export const ALREADY_REVIEWED_MS = 10_000

/** Only Students and Employers review (spec section 6). */
export function reviewerType(userType: string | undefined): ReviewerType | null {
  return userType === 'Student' || userType === 'Employer' ? userType : null
}

/** '* As a Parent user, …'; 'an Other user' for Other (spec sections 2 and 8). */
export function notAllowedSentence(userType: string): string {
  const article = userType === 'Other' ? 'an' : 'a'
  return `* As ${article} ${userType} user, you do not have the ability to leave a review.`
}

export type ReviewButtonState =
  /** Still asking who the user is or whether they have reviewed. */
  | { kind: 'checking' }
  /** May open the overlay. */
  | { kind: 'open'; userType: ReviewerType }
  /** A Student or Employer who has reviewed the pair: a click shows ALREADY_REVIEWED. */
  | { kind: 'reviewed' }
  /** Any other type: the button is disabled, with the not-allowed sentence. */
  | { kind: 'not-allowed'; sentence: string }

/** What the Leave a review button does for this user (spec section 4). */
export function reviewButtonState(userType: string | undefined, reviewed: boolean | undefined): ReviewButtonState {
  if (userType === undefined) return { kind: 'checking' }
  const type = reviewerType(userType)
  if (!type) return { kind: 'not-allowed', sentence: notAllowedSentence(userType) }
  if (reviewed === undefined) return { kind: 'checking' }
  return reviewed ? { kind: 'reviewed' } : { kind: 'open', userType: type }
}
