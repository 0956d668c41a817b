import { formatScore, scoreFillPercent } from '@/lib/score'

const RADIUS = 18
const CIRCUMFERENCE = 2 * Math.PI * RADIUS

type ScoreCircleProps = { score: number | null; label: string; size?: 'sm' | 'md' }

/**
 * A score out of 5 drawn as a ring filled score × 20 percent, with the score inside
 * ('N/A' when there is none). `label` names whose score it is, for screen readers.
 */
export function ScoreCircle({ score, label, size = 'md' }: ScoreCircleProps) {
  const fill = scoreFillPercent(score)
  const text = formatScore(score)
  const described = score === null ? `${label}: no score yet` : `${label}: ${text} out of 5`
  return (
    <span
      role="img"
      aria-label={described}
      data-fill={fill}
      className={`relative inline-flex shrink-0 items-center justify-center ${size === 'sm' ? 'size-12' : 'size-16'}`}
    >
      <svg viewBox="0 0 44 44" aria-hidden="true" className="absolute inset-0 size-full -rotate-90">
        <circle cx="22" cy="22" r={RADIUS} fill="none" strokeWidth="5" className="stroke-line" />
        {fill > 0 && (
          <circle
            cx="22"
            cy="22"
            r={RADIUS}
            fill="none"
            strokeWidth="5"
            strokeLinecap="round"
            strokeDasharray={`${(fill / 100) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
            className="stroke-accent-500"
          />
        )}
      </svg>
      <span className={`relative font-bold text-brand-950 ${size === 'sm' ? 'text-sm' : 'text-base'} ${score === null ? 'text-muted' : ''}`}>
        {text}
      </span>
    </span>
  )
}
