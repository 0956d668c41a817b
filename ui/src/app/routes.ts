import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { Params } from 'react-router'
import { nameFromSlug, type PageTitle } from '@/lib/document-title'

/** Who may open a route; the guard sends everyone else away (see guards.ts). */
export type Access = 'public' | 'loggedOut' | 'auth' | 'admin'

/** The spec's route flags, which decide the chrome around a page. */
export type RouteFlags = {
  /** Hide the header and the promotion strip. */
  noNav?: boolean
  /** Header in its stage style, flowing into the page's hero. */
  stage?: boolean
  /** Promotion strip in its alternative style. */
  promoAlt?: boolean
  /** Show the footer (default true). */
  footer?: boolean
  /** Footer in its alternative (light) colour. */
  footerAlt?: boolean
  /** Footer opens with the 'Search for your course' prompt. */
  hasSearch?: boolean
}

type BaseRoute = RouteFlags & { path: string; access: Access }

export type PageRoute = BaseRoute & {
  title: PageTitle | ((params: Params) => PageTitle)
  /** The page; routes without one show the 'Coming soon' frame until their issue lands. */
  page?: LazyExoticComponent<ComponentType>
}

export type RedirectRoute = BaseRoute & { redirect: string }

export type AppRoute = PageRoute | RedirectRoute

export function isRedirect(route: AppRoute): route is RedirectRoute {
  return 'redirect' in route
}

export function resolveTitle(route: PageRoute, params: Params): PageTitle {
  return typeof route.title === 'function' ? route.title(params) : route.title
}

const HomePage = lazy(() => import('@/features/home/routes/home-page'))

const slug = (params: Params, key: string) => nameFromSlug(params[key] ?? '')

/*
 * Flag choices:
 * - Home is the only `stage` page (its hero continues the header) and uses `promoAlt` so the
 *   strip stands out against the dark stage header.
 * - /beta-testing-program is a campaign landing page: `noNav` as the spec says.
 * - `hasSearch` is on wherever someone is browsing or reading; it is off on /search itself,
 *   on the account forms, the profile and the admin area, where it would only distract.
 * - `footerAlt` (light footer) marks the quieter account and profile pages.
 * - `footer: false` for the admin area, a work tool with its own side menu.
 */
const browse = { access: 'public', hasSearch: true } as const
const accountForm = { access: 'loggedOut', footerAlt: true } as const
const member = { access: 'auth', footerAlt: true } as const
const admin = { access: 'admin', footer: false } as const

export const routes: AppRoute[] = [
  { path: '/', ...browse, stage: true, promoAlt: true, title: { name: 'Home' }, page: HomePage },

  { path: '/login', ...accountForm, title: { name: 'Login' } },
  { path: '/login/:id', ...accountForm, title: { name: 'Login' } },
  { path: '/forgot-password', ...accountForm, title: { name: 'Forgot Password' } },
  { path: '/reset-password', ...accountForm, title: { name: 'Reset Password' } },
  { path: '/reset-password/:token', ...accountForm, title: { name: 'Reset Password' } },
  { path: '/verify-account', ...accountForm, title: { name: 'Verify Account' } },
  { path: '/verify-account/:token', ...accountForm, title: { name: 'Verify Account' } },
  { path: '/sign-up', ...accountForm, title: { name: 'Sign Up' } },
  { path: '/welcome', ...accountForm, title: { name: 'Welcome' } },

  { path: '/about', ...browse, title: { name: 'About' } },
  { path: '/competition', ...browse, title: { name: 'Competition' } },
  { path: '/beta-testing-program', ...browse, noNav: true, title: { name: 'Beta Testing Program' } },
  { path: '/who-benefits/students', ...browse, title: { name: 'Who Benefits: Students' } },
  { path: '/who-benefits/employers', ...browse, title: { name: 'Who Benefits: Employers' } },
  { path: '/who-benefits/parents', ...browse, title: { name: 'Who Benefits: Parents' } },
  { path: '/who-benefits/career-advisors', ...browse, title: { name: 'Who Benefits: Career Advisors' } },
  { path: '/terms-of-use', ...browse, title: { name: 'Terms of Use' } },
  { path: '/privacy', ...browse, title: { name: 'Privacy Policy' } },
  { path: '/contact', ...browse, title: { name: 'Contact' } },

  { path: '/industries', ...browse, title: { name: 'Industries' } },
  { path: '/industry', access: 'public', redirect: '/industries' },
  // Until the pages load real names, titles come from the slugs, in the spec's order.
  {
    path: '/industry/:industry',
    ...browse,
    title: (p) => ({ name: slug(p, 'industry'), context: 'Industry' }),
  },
  {
    path: '/industry/:industry/:career',
    ...browse,
    title: (p) => ({ name: slug(p, 'career'), context: slug(p, 'industry') }),
  },
  {
    path: '/industry/:industry/:career/:course',
    ...browse,
    title: (p) => ({ name: slug(p, 'course'), context: slug(p, 'career') }),
  },
  {
    path: '/industry/:industry/:career/:course/:provider',
    access: 'auth',
    hasSearch: true,
    title: (p) => ({ name: slug(p, 'provider'), context: slug(p, 'course') }),
  },
  {
    path: '/course/:course/:provider',
    access: 'auth',
    hasSearch: true,
    title: (p) => ({ name: slug(p, 'provider'), context: slug(p, 'course') }),
  },

  { path: '/favourites', ...member, hasSearch: true, title: { name: 'Favourites' } },
  { path: '/profile', ...member, title: { name: 'My Profile' } },
  { path: '/profile/reviews', ...member, title: { name: 'Most Recent Reviews', context: 'My Profile' } },
  { path: '/profile/notifications', ...member, title: { name: 'Notifications', context: 'My Profile' } },
  { path: '/profile/:page', access: 'auth', redirect: '/profile' },

  { path: '/admin', ...admin, title: { name: 'Moderate Reviews', context: 'Admin' } },
  { path: '/admin/promo-strip', ...admin, title: { name: 'Promotion Strip', context: 'Admin' } },
  { path: '/admin/edit-content', ...admin, title: { name: 'Edit Content', context: 'Admin' } },
  { path: '/admin/search-user', ...admin, title: { name: 'Search User', context: 'Admin' } },
  { path: '/admin/:page', access: 'admin', redirect: '/admin' },

  { path: '/search', access: 'public', title: { name: 'Search' } },

  { path: '*', access: 'public', redirect: '/' },
]
