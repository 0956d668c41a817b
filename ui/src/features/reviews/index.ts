// What app/ may use of reviews: the parts of the course-provider page (app/routes/). The compare
// page is loaded by path (README, Layout).
export { useUserReviewed } from './api/check-if-user-reviewed'
export { overallAverage, useOverallProviderRating } from './api/get-overall-provider-rating'
export { useProviderForCourse } from './api/get-provider'
export { useRatingDetails } from './api/get-rating-details'
export { LeaveReviewDialog } from './components/leave-review-dialog'
export { ProviderActions } from './components/provider-actions'
export { ProviderDescription } from './components/provider-description'
export { ProviderRatings } from './components/provider-ratings'
export { ProviderReviews } from './components/provider-reviews'
export type { ReplyRole } from './components/review-reply'
export { useReviewOverlay } from './lib/review-overlay'
export { ALREADY_REVIEWED_MS, reviewButtonState } from './lib/review-rules'
