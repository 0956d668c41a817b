import { percentOf, pluralise } from '@/lib/score'

const STARS = [5, 4, 3, 2, 1] as const

type DistributionBarsProps = {
  /** The rated reviews of 1..5 stars (index 0 is 1 star). */
  counts: readonly number[]
  /** Names the list for screen readers, e.g. 'Star ratings by students'. */
  label: string
  /** Makes each bar a button that picks its star count (the review list's filter). */
  onPick?: (stars: number) => void
  /** The bar currently picked. */
  picked?: number | null
}

/**
 * The bars from 5 stars down to 1, each as wide as its share of the reviews, with its count.
 * Each bar's text reads '4 stars: 12 reviews'; the drawn bar itself is decoration.
 */
export function DistributionBars({ counts, label, onPick, picked = null }: DistributionBarsProps) {
  const total = counts.reduce((sum, n) => sum + n, 0)
  return (
    <ul aria-label={label} className="space-y-1">
      {STARS.map((stars) => {
        const count = counts[stars - 1] ?? 0
        const content = <BarContent stars={stars} count={count} percent={percentOf(count, total)} />
        return (
          <li key={stars}>
            {onPick ? (
              <button
                type="button"
                onClick={() => onPick(stars)}
                aria-label={`${pluralise(stars, 'star')}: ${pluralise(count, 'review')}`}
                disabled={count === 0}
                aria-pressed={picked === stars}
                className="group -mx-2 block w-[calc(100%+1rem)] rounded-md px-2 py-1 text-left hover:bg-brand-50 disabled:cursor-default disabled:hover:bg-transparent aria-pressed:bg-brand-50 aria-pressed:ring-2 aria-pressed:ring-brand-600"
              >
                {content}
              </button>
            ) : (
              <div className="py-0.5">{content}</div>
            )}
          </li>
        )
      })}
    </ul>
  )
}

function BarContent({ stars, count, percent }: { stars: number; count: number; percent: number }) {
  return (
    <span className="grid grid-cols-[3.5rem_1fr_minmax(1.5rem,auto)] items-center gap-2 text-sm">
      <span className="font-medium whitespace-nowrap text-ink group-enabled:text-brand-700 group-enabled:underline group-enabled:underline-offset-2">
        {pluralise(stars, 'star')}
        <span className="sr-only">: </span>
      </span>
      <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-line">
        <span className="block h-full rounded-full bg-accent-500" style={{ width: `${percent}%` }} />
      </span>
      <span className="text-right text-muted tabular-nums">
        {count}
        <span className="sr-only">{count === 1 ? ' review' : ' reviews'}</span>
      </span>
    </span>
  )
}
