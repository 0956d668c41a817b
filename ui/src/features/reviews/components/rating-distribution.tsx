import { pluralise } from '@/lib/score'
import type { Distribution } from '../api/get-rating-details'
import type { ReviewerType } from '@/lib/reviews/questions-schema'
import { GROUP_NAME, GROUP_TITLE } from '../lib/shares'
import { DistributionBars } from './distribution-bars'

export type StarPick = { userType: ReviewerType; stars: number }

type RatingDistributionProps = {
  distribution: Distribution
  /** A click on a bar: show that reviewer type's reviews of that many stars. */
  onPick: (pick: StarPick) => void
  picked: StarPick | null
}

/** The star ratings of students and of employers, side by side from a tablet up; each bar filters the reviews. */
export function RatingDistribution({ distribution, onPick, picked }: RatingDistributionProps) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {(['Student', 'Employer'] as const).map((userType) => {
        const counts = distribution[userType]
        const total = counts.reduce((sum, n) => sum + n, 0)
        return (
          <div key={userType}>
            <p className="flex items-baseline justify-between gap-2">
              <span className="text-sm font-semibold text-brand-950">{GROUP_TITLE[userType]}</span>
              <span className="text-xs text-muted">{pluralise(total, 'rated review')}</span>
            </p>
            {total === 0 ? (
              <p className="mt-2 text-sm text-muted">No ratings from {GROUP_NAME[userType]} yet.</p>
            ) : (
              <div className="mt-2">
                <DistributionBars
                  counts={counts}
                  label={`Star ratings by ${GROUP_NAME[userType]}`}
                  onPick={(stars) => onPick({ userType, stars })}
                  picked={picked?.userType === userType ? picked.stars : null}
                />
              </div>
            )}
          </div>
        )
      })}
    </div>
  )
}
