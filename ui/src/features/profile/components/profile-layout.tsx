import { Bell, BellRing, GraduationCap, LogOut, MailPlus, MessageSquareText, Star, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import { primaryButton } from '@/components/ui/button-styles'
import { CountBadge } from '@/components/ui/count-badge'
import { useUser } from '@/lib/auth/get-userinfo'
import { useLogout } from '@/lib/auth/logout'
import { useUnreadCount } from '../api/get-unread-count'

const NOTIFICATIONS = '/profile/notifications'

const NAV = [
  { label: 'My profile', to: '/profile', icon: UserRound },
  { label: 'My reviews', to: '/profile/reviews', icon: MessageSquareText },
  // With the unread count as a badge, read as 'Notifications, 3 unread'.
  { label: 'Notifications', to: NOTIFICATIONS, icon: Bell },
  { label: 'Notification settings', to: '/profile/notification-settings', icon: BellRing },
]
/** A Course Provider's page for its provider's course details (the page says when a claim is needed). */
const COURSES = { label: 'Courses we offer', to: '/profile/courses', icon: GraduationCap }
/** A Course Provider's invitations to its students (issue 30). */
const INVITE = { label: 'Invite students', to: '/profile/invitations', icon: MailPlus }

const navItem =
  'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left font-medium text-ink transition-colors hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700'

/**
 * The profile's pages: a title band, the side nav (My profile, My reviews, Notifications,
 * Logout) and the page's content. Students and Employers also get 'Review Course Providers'.
 */
export function ProfileLayout({ title, children }: { title: string; children: ReactNode }) {
  const user = useUser()
  const logout = useLogout()
  const unread = useUnreadCount(!!user)
  const reviewer = user?.userType === 'Student' || user?.userType === 'Employer'
  return (
    <>
      <div className="border-b border-line bg-surface">
        <div className="container-page flex flex-col gap-4 py-8 sm:flex-row sm:items-end sm:justify-between sm:py-10">
          <h1 className="text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">{title}</h1>
          {reviewer && (
            <Link to="/industries" className={`${primaryButton} self-start sm:self-auto`}>
              <Star aria-hidden="true" className="size-5" />
              Review Course Providers
            </Link>
          )}
        </div>
      </div>
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-8 py-8 sm:py-10 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label="My profile" className="lg:pt-1">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {(user?.userType === 'Course Provider' ? [...NAV, COURSES, INVITE] : NAV).map(({ label, to, icon: Icon }) => {
              const count = to === NOTIFICATIONS ? unread : undefined
              return (
                <li key={to}>
                  <NavLink to={to} end className={navItem} aria-label={count ? `${label}, ${count} unread` : undefined}>
                    <Icon aria-hidden="true" className="size-5" />
                    {label}
                    {!!count && <CountBadge count={count} className="ml-auto" />}
                  </NavLink>
                </li>
              )
            })}
            <li>
              <button type="button" className={navItem} disabled={logout.isPending} onClick={() => logout.mutate()}>
                <LogOut aria-hidden="true" className="size-5" />
                Logout
              </button>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </>
  )
}
