import { useUnreadCount } from '@/features/profile'
import { NOTIFICATIONS_LINK, type NavItem } from './nav-items'

// The unread-notifications badge of the header's menus. Only the lazily loaded menu code imports
// this file (and unread.tsx), so neither it nor the count's fetch weighs on the initial bundle;
// the menus render for a logged-in user only, so only they ask for the count.

export const useUnread = () => useUnreadCount(true)

/** An account entry's name: 'Notifications, 3 unread' while some are unread, else its label. */
export function accountLinkName(item: NavItem, unread: number | undefined): string | undefined {
  return item.to === NOTIFICATIONS_LINK.to && unread ? `${item.label}, ${unread} unread` : undefined
}

/** What a menu button adds to its name while notifications are unread. */
export function unreadSuffix(unread: number | undefined): string {
  return unread ? `, ${unread} unread notifications` : ''
}
