import { Building2, FilePenLine, History, Library, type LucideIcon, Mail, Megaphone, MessageSquareText, Scale, UsersRound } from 'lucide-react'
import { type ComponentType, lazy } from 'react'
import CataloguePage from '@/features/catalogue-admin/routes/catalogue-page'
import { useOpenComplaintsCount } from '@/features/complaints'
import ComplaintsPage from '@/features/complaints/routes/complaints-page'
import { useFailedMailCount } from '@/features/mail-admin'
import MailPage from '@/features/mail-admin/routes/mail-page'
import { useModerationWaitingCount } from '@/features/moderation'
import ModerateReviewsPage from '@/features/moderation/routes/moderate-reviews-page'
import { useFlaggedCoursePagesCount } from '@/features/offering-facts'
import FactHistoryPage from '@/features/offering-facts/routes/fact-history-page'
import { usePendingClaimsCount } from '@/features/representation'
import ProvidersPage from '@/features/representation/routes/providers-page'
import SearchUserPage from '@/features/user-admin/routes/search-user-page'

// The two pages with a rich-text editor (Tiptap, most of the admin area's weight) load it
// only when opened, so moderating never waits for it.
const EditContentPage = lazy(() => import('@/features/content-admin/routes/edit-content-page'))
const PromoStripPage = lazy(() => import('@/features/promotion-strip/routes/promo-strip-page'))

/** One page of the admin area: its address, menu entry, heading and body. */
export interface AdminPage {
  path: string
  /** The side menu's label. */
  label: string
  /** The page's heading (and, through the route table, its title). */
  title: string
  icon: LucideIcon
  page: ComponentType
  /** A count shown beside the menu entry, e.g. reviews waiting; undefined while unknown. */
  useCount?: () => number | undefined
  /** Read with the count, e.g. 'waiting' gives 'Moderate Reviews, 4 waiting'. */
  countLabel?: string
}

/**
 * The admin area's pages in menu order. A feature adds its page here (and its path to the
 * route table); the layout, the menu and the page choice all follow from this list, so a page
 * body imports nothing of the admin shell.
 */
export const ADMIN_PAGES: AdminPage[] = [
  {
    path: '/admin',
    label: 'Moderate Reviews',
    title: 'Moderate Reviews',
    icon: MessageSquareText,
    page: ModerateReviewsPage,
    // Unactioned reviews and open reports: a report must not wait unseen behind a tab.
    useCount: useModerationWaitingCount,
    countLabel: 'waiting',
  },
  { path: '/admin/promo-strip', label: 'Promotion Strip', title: 'Promotion Strip', icon: Megaphone, page: PromoStripPage },
  { path: '/admin/edit-content', label: 'Edit Content', title: 'Edit Content', icon: FilePenLine, page: EditContentPage },
  { path: '/admin/search-user', label: 'Users', title: 'Search User', icon: UsersRound, page: SearchUserPage },
  { path: '/admin/mail', label: 'Mail', title: 'Mail', icon: Mail, page: MailPage, useCount: useFailedMailCount, countLabel: 'failed' },
  {
    path: '/admin/providers',
    label: 'Providers',
    title: 'Providers',
    icon: Building2,
    page: ProvidersPage,
    useCount: () => usePendingClaimsCount().data,
    countLabel: 'pending',
  },
  {
    path: '/admin/complaints',
    label: 'Complaints',
    title: 'Complaints',
    icon: Scale,
    page: ComplaintsPage,
    // Open legal complaints, each with a seven-day clock.
    useCount: () => useOpenComplaintsCount().data,
    countLabel: 'open',
  },
  { path: '/admin/catalogue', label: 'Catalogue', title: 'Catalogue', icon: Library, page: CataloguePage },
  // Who changed which fees, durations, intakes and campuses, before and after (issue 28).
  {
    path: '/admin/course-details',
    label: 'Course Details',
    title: 'Course Details',
    icon: History,
    page: FactHistoryPage,
    // Course web pages off their provider's website domain, waiting for an admin's check.
    useCount: useFlaggedCoursePagesCount,
    countLabel: 'to check',
  },
]
