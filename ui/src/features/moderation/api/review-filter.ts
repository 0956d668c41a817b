/** The admin's review filter, as POST /api/review/pullreviews takes it (spec: Review filter). */
export type ReviewFilter = {
  actioned: boolean
  /** Only when actioned: true approved, false disapproved, null both. */
  approved: boolean | null
  sort: 'Oldest' | 'Latest'
  userType: 'All' | 'Student' | 'Employer'
  searchBy: SearchField
  searchText: string
  /** Only the reviews that raised a signal of a fake review. */
  flagged: boolean
}

export const SEARCH_FIELDS = ['Course Name', 'Course Code', 'User Name', 'Review Title'] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]

/** What the page starts with: the queue of unactioned reviews, oldest first. */
export const DEFAULT_FILTER: ReviewFilter = {
  actioned: false,
  approved: false,
  sort: 'Oldest',
  userType: 'All',
  searchBy: 'Course Name',
  searchText: '',
  flagged: false,
}

/** Reviews per page (spec section 9). */
export const MODERATION_PAGE_SIZE = 10

/**
 * Choosing Actioned asks for both decisions (approved null); choosing Unactioned sends
 * approved false, as the spec's filter does.
 */
export function withActioned(filter: ReviewFilter, actioned: boolean): ReviewFilter {
  return { ...filter, actioned, approved: actioned ? null : false }
}

/** The decision filter applies only to actioned reviews. */
export function withApproved(filter: ReviewFilter, approved: boolean | null): ReviewFilter {
  return filter.actioned ? { ...filter, approved } : filter
}
