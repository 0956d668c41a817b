import { CountBadge } from '@/components/ui/count-badge'
import type { NavItem } from './nav-items'
import { accountLinkName, unreadSuffix, useUnread } from './unread-labels'

/** An account entry's label, with the unread count beside Notifications. */
export function AccountLinkText({ item, unread }: { item: NavItem; unread: number | undefined }) {
  return (
    <>
      {item.label}
      {accountLinkName(item, unread) && <CountBadge count={unread ?? 0} className="ml-auto" />}
    </>
  )
}

/**
 * The phone menu button's unread count: `words` goes inside the button's hidden label (so the
 * name reads 'Open menu, 2 unread notifications'), `badge` in the corner of its icon.
 */
export default function MenuButtonUnread({ part }: { part: 'words' | 'badge' }) {
  const unread = useUnread()
  if (!unread) return null
  if (part === 'words') return unreadSuffix(unread)
  return <CountBadge count={unread} small className="absolute -top-0.5 -right-0.5" />
}
