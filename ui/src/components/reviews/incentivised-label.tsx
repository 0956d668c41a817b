import { Gift } from 'lucide-react'

/**
 * 'Incentivised review': the reviewer received payment, a gift or a discount for the review
 * (DESIGN decision 19). Shown wherever such a review is, in words and an icon, not colour alone.
 */
export function IncentivisedLabel() {
  return (
    <span
      data-testid="incentivised-label"
      className="inline-flex items-center gap-1 rounded-full border border-accent-400 bg-accent-100 px-2.5 py-0.5 text-xs font-semibold text-ink"
    >
      <Gift aria-hidden="true" className="size-3.5 text-accent-700" />
      Incentivised review
    </span>
  )
}
