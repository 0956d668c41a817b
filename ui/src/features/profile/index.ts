// What app/ may use of the profile (its pages are loaded by path: README, Layout).
export { useUnreadCount } from './api/get-unread-count'
