import { MailCheck } from 'lucide-react'

/**
 * 'Invited by the provider': the reviewer wrote it through the provider's invitation (DESIGN
 * decision 25). Only a label: it changes neither moderation, the score nor the order. Words and
 * an icon, not colour alone.
 */
export function InvitedLabel() {
  return (
    <span
      data-testid="invited-label"
      className="inline-flex items-center gap-1 rounded-full border border-brand-300 bg-brand-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-ink"
    >
      <MailCheck aria-hidden="true" className="size-3.5 text-brand-700" />
      Invited by the provider
    </span>
  )
}
