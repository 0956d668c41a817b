import { Flag } from 'lucide-react'
import type { ModerationReview } from '../api/pull-reviews'

/**
 * What a review raised when it was submitted (a burst, a cluster from one network, a fresh
 * account, a near-duplicate, a reviewer tied to the provider), in plain words. For the
 * moderator to weigh: a signal decides nothing.
 */
export function SignalList({ signals }: { signals: ModerationReview['signals'] }) {
  if (signals.length === 0) return null
  return (
    <div className="mt-4 rounded-md border border-accent-300 bg-accent-100 p-3" data-testid="signals">
      <p className="flex items-center gap-2 text-sm font-semibold text-ink">
        <Flag aria-hidden="true" className="size-4 shrink-0" />
        Flagged: {signals.length === 1 ? '1 signal' : `${signals.length} signals`} to weigh, not a verdict
      </p>
      <ul className="mt-1.5 list-disc space-y-1 pl-6 text-sm break-words text-ink">
        {signals.map((s) => (
          <li key={s.signal}>{s.text}</li>
        ))}
      </ul>
    </div>
  )
}
