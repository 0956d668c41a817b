import type { UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import type { RatingDetails } from '../api/get-rating-details'
import { ALL_REVIEWS, REVIEW_LIST_ID, type ReviewListFilter } from '../lib/review-filter'
import { RatingDetailsSection } from './rating-details-section'
import type { StarPick } from './rating-distribution'
import { ReviewList } from './review-list'
import type { ReplyRole } from './review-reply'

type ProviderReviewsProps = {
  /** The course and provider slugs: another pair starts with all its reviews. */
  pair: string
  courseId: string
  providerId: string
  currentUserId: string
  /** The pair's approved review counts (from the provider). */
  counts: { total: number; student: number; employer: number }
  details: UseQueryResult<RatingDetails>
  mayReview: boolean
  replyRole: ReplyRole
}

/**
 * The course-provider page's rating details and approved reviews. The list's filter belongs to
 * one pair; a bar of the distribution sets it and takes the reader to the list.
 */
export function ProviderReviews({ pair, courseId, providerId, currentUserId, counts, details, mayReview, replyRole }: ProviderReviewsProps) {
  const [filtered, setFiltered] = useState({ pair, filter: ALL_REVIEWS })
  const reviewFilter = filtered.pair === pair ? filtered.filter : ALL_REVIEWS
  const setReviewFilter = (filter: ReviewListFilter) => setFiltered({ pair, filter })

  // A bar of the distribution: that type's reviews of that many stars, and the reader taken to them.
  const pickStars = ({ userType, stars }: StarPick) => {
    setReviewFilter({ userType, stars })
    const list = document.getElementById(REVIEW_LIST_ID)
    list?.scrollIntoView?.({ block: 'start' })
    list?.focus({ preventScroll: true })
  }

  return (
    <>
      <div className="container-page pt-6">
        <RatingDetailsSection
          details={details}
          onPick={pickStars}
          picked={reviewFilter.stars !== null && reviewFilter.userType !== 'All' ? { userType: reviewFilter.userType, stars: reviewFilter.stars } : null}
        />
      </div>

      <div className="container-page py-10 sm:py-12">
        <ReviewList
          courseId={courseId}
          providerId={providerId}
          currentUserId={currentUserId}
          counts={counts}
          distribution={details.data?.distribution}
          filter={reviewFilter}
          onFilterChange={setReviewFilter}
          mayReview={mayReview}
          replyRole={replyRole}
        />
      </div>
    </>
  )
}
