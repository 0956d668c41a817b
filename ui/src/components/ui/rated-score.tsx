import { RatedCount } from './rated-count'
import { ScoreCircle } from './score-circle'

type RatedScoreProps = {
  /** Whose average, e.g. 'Student or Graduate'. */
  label: string
  score: number | null
  /** How many rated reviews the average is of; null while not known yet. */
  count: number | null
  /** How many reviews there are, rated or not, where known: '1 review, not rated'. */
  reviews?: number
  /** What the circle is called for screen readers, e.g. 'Student or Graduate score'. */
  circleLabel?: string
  size?: 'sm' | 'md'
  /** The circle with its count beside it, the label left to the context (a table's row header). */
  inline?: boolean
}

/** An average drawn as the score circle, named, with its count beneath (the way scores are always shown). */
export function RatedScore({ label, score, count, reviews, circleLabel = `${label} score`, size = 'sm', inline = false }: RatedScoreProps) {
  const note = count === null ? <span className="text-xs text-muted">Loading…</span> : <RatedCount count={count} reviews={reviews} />
  if (inline) {
    return (
      <div className="flex items-center gap-3">
        <ScoreCircle score={score} label={circleLabel} size={size} />
        {note}
      </div>
    )
  }
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <ScoreCircle score={score} label={circleLabel} size={size} />
      <span className={`leading-tight text-ink ${size === 'sm' ? 'text-xs font-medium' : 'text-sm font-semibold'}`}>{label}</span>
      {note}
    </div>
  )
}
