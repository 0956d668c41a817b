import { ScoreCircle } from '@/components/ui/score-circle'
import { formatCount } from '@/lib/score'

type Rating = { label: string; score: number | null; note: string }

type ProviderRatingsProps = {
  student: number | null
  employer: number | null
  overall: number | null
  counts: { total: number; student: number; employer: number }
  /** The provider's rating across all its courses. */
  provider: { score: number | null; count: number } | undefined
}

/** The pair's student, employer and overall ratings, then the provider's across all its courses. */
export function ProviderRatings({ student, employer, overall, counts, provider }: ProviderRatingsProps) {
  const ratings: Rating[] = [
    { label: 'Student or Graduate', score: student, note: `Reviews: ${formatCount(counts.student)}` },
    { label: 'Employer', score: employer, note: `Reviews: ${formatCount(counts.employer)}` },
    { label: 'Overall', score: overall, note: `Reviews: ${formatCount(counts.total)}` },
  ]
  return (
    <section aria-labelledby="ratings-heading" className="rounded-lg border border-line bg-white p-5 sm:p-6">
      <h2 id="ratings-heading" className="text-lg font-semibold text-brand-950">
        Ratings
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-x-2 gap-y-5 sm:grid-cols-4">
        {ratings.map((r) => (
          <RatingItem key={r.label} {...r} />
        ))}
        <RatingItem
          label="Provider (all courses)"
          score={provider ? provider.score : null}
          note={provider ? `Reviews: ${formatCount(provider.count)}` : 'Loading…'}
        />
      </ul>
    </section>
  )
}

function RatingItem({ label, score, note }: Rating) {
  return (
    <li className="flex flex-col items-center gap-1.5 text-center">
      <ScoreCircle score={score} label={`${label} rating`} />
      <span className="text-sm leading-tight font-semibold text-ink">{label}</span>
      <span className="text-xs text-muted">{note}</span>
    </li>
  )
}
