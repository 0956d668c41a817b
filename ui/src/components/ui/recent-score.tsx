import { Clock } from 'lucide-react'
import { NOT_ENOUGH_RECENT, RECENT_LABEL, recentScoreText } from '@/lib/recent-score'

/**
 * The recent score beside the all-time ones: 'Last 24 months: 4.8 out of 5 from 3 reviews', or
 * 'Last 24 months: Not enough recent reviews'. Plain text that wraps on a narrow card.
 */
export function RecentScore({ recent, count, className = '' }: { recent: number | null | undefined; count: number | undefined; className?: string }) {
  const text = recentScoreText(recent, count)
  const none = text === NOT_ENOUGH_RECENT
  return (
    <p data-testid="recent-score" className={`text-sm ${className}`}>
      <Clock aria-hidden="true" className="mr-1.5 inline-block size-4 align-[-0.2em] text-brand-700" />
      <span className="font-medium text-ink">{RECENT_LABEL}:</span> <span className={none ? 'text-muted italic' : 'font-semibold text-brand-950'}>{text}</span>
    </p>
  )
}
