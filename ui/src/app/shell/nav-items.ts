import type { User } from '@/lib/auth/get-userinfo'

/** The header menu and footer entries, in the spec's words ('Header menu', 'Footer'). */
export type NavItem = { label: string; to: string }

export const MAIN_LINKS: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Industries', to: '/industries' },
]

export const WHO_BENEFITS_LINKS: NavItem[] = [
  { label: 'Students', to: '/who-benefits/students' },
  { label: 'Employers', to: '/who-benefits/employers' },
  { label: 'Parents', to: '/who-benefits/parents' },
  { label: 'Career Advisors', to: '/who-benefits/career-advisors' },
]

export const CONTACT_LINK: NavItem = { label: 'Contact', to: '/contact' }
export const SEARCH_LINK: NavItem = { label: 'Find & Review Course Provider', to: '/search' }

export const SIGN_UP_LINK: NavItem = { label: 'Sign Up', to: '/sign-up' }
export const LOGIN_LINK: NavItem = { label: 'Login', to: '/login' }
export const FAVOURITES_LINK: NavItem = { label: 'Favourites', to: '/favourites' }
export const NOTIFICATIONS_LINK: NavItem = { label: 'Notifications', to: '/profile/notifications' }

export const accountMenuLabel = (user: User) => `Account menu for ${user.firstName}`

/** The logged-in user's own pages (Logout is an action, drawn beside them). */
export function accountLinks(user: User): NavItem[] {
  const links = [
    { label: 'My Profile', to: '/profile' },
    { label: 'My Reviews', to: '/profile/reviews' },
    NOTIFICATIONS_LINK,
  ]
  return user.isAdmin ? [...links, { label: 'Admin', to: '/admin' }] : links
}

export const FOOTER_INDUSTRY_LINKS: NavItem[] = [
  { label: 'Hair & Beauty', to: '/industry/hair-beauty' },
  { label: 'Hospitality', to: '/industry/hospitality' },
  { label: 'Outdoor Recreation', to: '/industry/outdoor-recreation' },
]

export const LEGAL_LINKS: NavItem[] = [
  { label: 'Terms of Use', to: '/terms-of-use' },
  { label: 'How We Moderate Reviews', to: '/about/reviews' },
  { label: 'Privacy Policy', to: '/privacy' },
]
