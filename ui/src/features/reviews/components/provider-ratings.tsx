import { RatedScore } from '@/components/ui/rated-score'
import { RecentScore } from '@/components/ui/recent-score'
import type { Share } from '../api/get-rating-details'
import { ShareList } from './share-list'

type Rating = { label: string; score: number | null; count: number | null; reviews?: number }

type ProviderRatingsProps = {
  student: number | null
  employer: number | null
  overall: number | null
  /** The pair's average of the last 24 months (null below 3 rated reviews) and its count. */
  recent: { score: number | null; count: number }
  /** How many rated reviews each of the pair's averages is of. */
  rated: { total: number; student: number; employer: number }
  /** How many reviews the pair has, rated or not. */
  reviews: { total: number; student: number; employer: number }
  /** The provider's rating across all its courses, with its count of rated reviews. */
  provider: { score: number | null; count: number } | undefined
  /** What reviewers said across all the provider's courses; undefined until known. */
  providerShares: readonly Share[] | undefined
}

/**
 * The pair's student, employer and overall ratings, its score of the last 24 months beside them,
 * then the provider's across all its courses with what its reviewers said there. Every average
 * has its count beside it.
 */
export function ProviderRatings({ student, employer, overall, recent, rated, reviews, provider, providerShares }: ProviderRatingsProps) {
  const ratings: Rating[] = [
    { label: 'Student or Graduate', score: student, count: rated.student, reviews: reviews.student },
    { label: 'Employer', score: employer, count: rated.employer, reviews: reviews.employer },
    { label: 'Overall', score: overall, count: rated.total, reviews: reviews.total },
    { label: 'Provider (all courses)', score: provider ? provider.score : null, count: provider ? provider.count : null },
  ]
  return (
    <section aria-labelledby="ratings-heading" className="rounded-lg border border-line bg-white p-5 sm:p-6">
      <h2 id="ratings-heading" className="text-lg font-semibold text-brand-950">
        Ratings
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-x-2 gap-y-5 sm:grid-cols-4">
        {ratings.map((r) => (
          <li key={r.label}>
            <RatedScore label={r.label} score={r.score} count={r.count} reviews={r.reviews} circleLabel={`${r.label} rating`} size="md" />
          </li>
        ))}
      </ul>
      <RecentScore recent={recent.score} count={recent.count} className="mt-5 border-t border-line pt-4" />
      {providerShares && (
        <div className="mt-6 border-t border-line pt-5">
          <h3 className="mb-3 text-base font-semibold text-brand-950">Across all courses at this provider</h3>
          <ShareList shares={providerShares} />
        </div>
      )}
    </section>
  )
}
