import { MailCheck } from 'lucide-react'
import { useInvitedShare } from '../api/invited-share'
import { monthLabel, shareText } from '../lib'

/**
 * On the course-provider page: the share of its published reviews that came from the provider's
 * invitations, with the periods it attested it invited everyone of. Nothing when none did.
 */
export function InvitedShareNote({ courseId, providerId }: { courseId: string; providerId: string }) {
  const share = useInvitedShare(courseId, providerId).data
  const text = share && shareText(share)
  if (!share || !text) return null
  const periods = share.periods.map((p) => `${monthLabel(p.from)} to ${monthLabel(p.to)}`).join('; ')
  return (
    <p data-testid="invited-share" className="flex items-start gap-2 rounded-md border border-line bg-surface px-4 py-3 text-sm text-ink">
      <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <span>
        {text}. The provider attested it invited everyone who finished or left the course
        {periods ? ` (${periods})` : ''}; invited reviews are moderated and scored like any other.
      </span>
    </p>
  )
}
