import type { Distribution } from '../api/get-rating-details'
import type { ReviewUserTypeFilter } from '../api/get-reviews-for'

/** Which reviews the list shows: a reviewer type, and a star count (a bar of the distribution) or null. */
export type ReviewListFilter = { userType: ReviewUserTypeFilter; stars: number | null }

export const ALL_REVIEWS: ReviewListFilter = { userType: 'All', stars: null }

/** The anchor of the review list, where a bar of the distribution takes the reader. */
export const REVIEW_LIST_ID = 'reviews'

type Counts = { total: number; student: number; employer: number }

/** How many reviews a filter finds: the pair's counts, or with a star filter the distribution's bars. */
export function reviewsFound({ userType, stars }: ReviewListFilter, counts: Counts, distribution: Distribution | undefined): number {
  if (stars === null || !distribution) {
    return userType === 'Student' ? counts.student : userType === 'Employer' ? counts.employer : counts.total
  }
  const [student, employer] = [distribution.Student[stars - 1] ?? 0, distribution.Employer[stars - 1] ?? 0]
  return userType === 'Student' ? student : userType === 'Employer' ? employer : student + employer
}

const BY_TYPE: Record<ReviewUserTypeFilter, string> = { All: '', Student: ' by students', Employer: ' by employers' }

/** 'Showing 4-star reviews by students'; empty without a star filter. */
export function starFilterText({ userType, stars }: ReviewListFilter): string {
  return stars === null ? '' : `Showing ${stars}-star reviews${BY_TYPE[userType]}`
}
