import type { Params } from 'react-router'
import { nameFromSlug, type PageTitle } from '@/lib/document-title'
import { lazyPage, type LazyPage } from './lazy-page'

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
  page: LazyPage
}

export type RedirectRoute = BaseRoute & { redirect: string }

export type AppRoute = PageRoute | RedirectRoute

export function isRedirect(route: AppRoute): route is RedirectRoute {
  return 'redirect' in route
}

export function resolveTitle(route: PageRoute, params: Params): PageTitle {
  return typeof route.title === 'function' ? route.title(params) : route.title
}

// Issue 3's browsing pages share one lazy chunk: see catalog-pages.ts.
type CatalogPages = typeof import('./catalog-pages')
const catalogPage = (name: keyof CatalogPages) => lazyPage(() => import('./catalog-pages').then((m) => ({ default: m[name] })))
const HomePage = catalogPage('HomePage')
const IndustriesPage = catalogPage('IndustriesPage')
const IndustryPage = catalogPage('IndustryPage')
const CareerPage = catalogPage('CareerPage')
const CourseProvidersPage = catalogPage('CourseProvidersPage')
const SearchPage = lazyPage(() => import('@/features/search/routes/search-page'))
// The reviews issue's course-provider page: see review-pages.ts.
const CourseProviderPage = lazyPage(() => import('./review-pages'))
const ComparePage = lazyPage(() => import('@/features/reviews/routes/compare-page'))
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'))

// Issue 4's pages (accounts, profile, favourites) share one lazy chunk: see account-pages.ts.
type AccountPages = typeof import('./account-pages')
const accountPage = (name: keyof AccountPages) => lazyPage(() => import('./account-pages').then((m) => ({ default: m[name] })))
const LoginPage = accountPage('LoginPage')
const ForgotPasswordPage = accountPage('ForgotPasswordPage')
const ResetPasswordPage = accountPage('ResetPasswordPage')
const VerifyAccountPage = accountPage('VerifyAccountPage')
const SignUpPage = accountPage('SignUpPage')
const WelcomePage = accountPage('WelcomePage')
const ProfilePage = accountPage('ProfilePage')
const NotificationsPage = accountPage('NotificationsPage')
const NotificationSettingsPage = accountPage('NotificationSettingsPage')
const UnsubscribePage = accountPage('UnsubscribePage')
const FavouritesPage = accountPage('FavouritesPage')
const ReviewsPage = accountPage('ReviewsPage')
const CoursesWeOfferPage = accountPage('CoursesWeOfferPage')
const InviteStudentsPage = accountPage('InviteStudentsPage')
const InvitationPage = accountPage('InvitationPage')
const WorkEmailPage = accountPage('WorkEmailPage')

// The admin area: its own lazy chunk, reached through account-pages.ts (see there).
const AdminPage = accountPage('AdminPage')

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

  { path: '/login', ...accountForm, title: { name: 'Login' }, page: LoginPage },
  { path: '/login/:id', ...accountForm, title: { name: 'Login' }, page: LoginPage },
  { path: '/forgot-password', ...accountForm, title: { name: 'Forgot Password' }, page: ForgotPasswordPage },
  { path: '/reset-password', ...accountForm, title: { name: 'Reset Password' }, page: ResetPasswordPage },
  { path: '/reset-password/:token', ...accountForm, title: { name: 'Reset Password' }, page: ResetPasswordPage },
  { path: '/verify-account', ...accountForm, title: { name: 'Verify Account' }, page: VerifyAccountPage },
  // Open to everyone, unlike the spec's 'logged-out only': the link that confirms a new email
  // address (profile) reaches a user who is still logged in.
  {
    path: '/verify-account/:token',
    ...accountForm,
    access: 'public',
    title: { name: 'Verify Account' },
    page: VerifyAccountPage,
  },
  { path: '/sign-up', ...accountForm, title: { name: 'Sign Up' }, page: SignUpPage },
  { path: '/welcome', ...accountForm, title: { name: 'Welcome' }, page: WelcomePage },

  {
    path: '/about',
    ...browse,
    title: { name: 'About' },
    page: lazyPage(() => import('@/features/static-pages/routes/about-page')),
  },
  {
    path: '/about/reviews',
    ...browse,
    title: { name: 'Review Moderation' },
    page: lazyPage(() => import('@/features/static-pages/routes/review-moderation-page')),
  },
  {
    path: '/competition',
    ...browse,
    title: { name: 'Competition' },
    page: lazyPage(() => import('@/features/static-pages/routes/competition-page')),
  },
  {
    path: '/beta-testing-program',
    ...browse,
    noNav: true,
    title: { name: 'Beta Testing Program' },
    page: lazyPage(() => import('@/features/static-pages/routes/beta-testing-program-page')),
  },
  {
    path: '/who-benefits/students',
    ...browse,
    title: { name: 'Who Benefits: Students' },
    page: lazyPage(() => import('@/features/static-pages/routes/who-benefits-students-page')),
  },
  {
    path: '/who-benefits/employers',
    ...browse,
    title: { name: 'Who Benefits: Employers' },
    page: lazyPage(() => import('@/features/static-pages/routes/who-benefits-employers-page')),
  },
  {
    path: '/who-benefits/parents',
    ...browse,
    title: { name: 'Who Benefits: Parents' },
    page: lazyPage(() => import('@/features/static-pages/routes/who-benefits-parents-page')),
  },
  {
    path: '/who-benefits/career-advisors',
    ...browse,
    title: { name: 'Who Benefits: Career Advisors' },
    page: lazyPage(() => import('@/features/static-pages/routes/who-benefits-career-advisors-page')),
  },
  {
    path: '/terms-of-use',
    ...browse,
    title: { name: 'Terms of Use' },
    page: lazyPage(() => import('@/features/static-pages/routes/terms-of-use-page')),
  },
  {
    path: '/privacy',
    ...browse,
    title: { name: 'Privacy Policy' },
    page: lazyPage(() => import('@/features/static-pages/routes/privacy-page')),
  },
  {
    path: '/legal-complaint',
    ...browse,
    title: { name: 'Make a legal complaint' },
    page: lazyPage(() => import('@/features/complaints/routes/legal-complaint-page')),
  },
  {
    path: '/contact',
    ...browse,
    title: { name: 'Contact' },
    page: lazyPage(() => import('@/features/contact/routes/contact-page')),
  },

  { path: '/industries', ...browse, title: { name: 'Industries' }, page: IndustriesPage },
  { path: '/industry', access: 'public', redirect: '/industries' },
  // Until the pages load real names, titles come from the slugs, in the spec's order.
  {
    path: '/industry/:industry',
    ...browse,
    title: (p) => ({ name: slug(p, 'industry'), context: 'Industry' }),
    page: IndustryPage,
  },
  {
    path: '/industry/:industry/:career',
    ...browse,
    title: (p) => ({ name: slug(p, 'career'), context: slug(p, 'industry') }),
    page: CareerPage,
  },
  {
    path: '/industry/:industry/:career/:course',
    ...browse,
    title: (p) => ({ name: slug(p, 'course'), context: slug(p, 'career') }),
    page: CourseProvidersPage,
  },
  {
    path: '/industry/:industry/:career/:course/:provider',
    access: 'auth',
    hasSearch: true,
    title: (p) => ({ name: slug(p, 'provider'), context: slug(p, 'course') }),
    page: CourseProviderPage,
  },
  // Public like the providers list it is reached from; its own path segment wins over :provider.
  {
    path: '/course/:course/compare',
    ...browse,
    title: (p) => ({ name: 'Compare providers', context: slug(p, 'course') }),
    page: ComparePage,
  },
  {
    path: '/course/:course/:provider',
    access: 'auth',
    hasSearch: true,
    title: (p) => ({ name: slug(p, 'provider'), context: slug(p, 'course') }),
    page: CourseProviderPage,
  },

  { path: '/favourites', ...member, hasSearch: true, title: { name: 'Favourites' }, page: FavouritesPage },
  { path: '/profile', ...member, title: { name: 'My Profile' }, page: ProfilePage },
  {
    path: '/profile/reviews',
    ...member,
    title: { name: 'Most Recent Reviews', context: 'My Profile' },
    page: ReviewsPage,
  },
  {
    path: '/profile/notifications',
    ...member,
    title: { name: 'Notifications', context: 'My Profile' },
    page: NotificationsPage,
  },
  {
    path: '/profile/courses',
    ...member,
    title: { name: 'Courses we offer', context: 'My Profile' },
    page: CoursesWeOfferPage,
  },
  {
    path: '/profile/invitations',
    ...member,
    title: { name: 'Invite students', context: 'My Profile' },
    page: InviteStudentsPage,
  },
  {
    path: '/profile/notification-settings',
    ...member,
    title: { name: 'Notification settings', context: 'My Profile' },
    page: NotificationSettingsPage,
  },
  { path: '/profile/:page', access: 'auth', redirect: '/profile' },
  // The link mailed to a provider representative's work email; the token is the credential.
  {
    path: '/represent/verify/:token',
    access: 'public',
    footerAlt: true,
    title: { name: 'Confirm work email' },
    page: WorkEmailPage,
  },
  // The link in an invitation mail; the token is the credential (no login to read or refuse).
  {
    path: '/invitation/:token',
    access: 'public',
    footerAlt: true,
    title: { name: 'Your invitation to review' },
    page: InvitationPage,
  },
  // The link in every alert mail; the signed token is the credential (no login).
  {
    path: '/unsubscribe/:token',
    access: 'public',
    footerAlt: true,
    title: { name: 'Unsubscribe' },
    page: UnsubscribePage,
  },

  { path: '/admin', ...admin, title: { name: 'Moderate Reviews', context: 'Admin' }, page: AdminPage },
  { path: '/admin/promo-strip', ...admin, title: { name: 'Promotion Strip', context: 'Admin' }, page: AdminPage },
  { path: '/admin/edit-content', ...admin, title: { name: 'Edit Content', context: 'Admin' }, page: AdminPage },
  { path: '/admin/search-user', ...admin, title: { name: 'Search User', context: 'Admin' }, page: AdminPage },
  { path: '/admin/mail', ...admin, title: { name: 'Mail', context: 'Admin' }, page: AdminPage },
  { path: '/admin/catalogue', ...admin, title: { name: 'Catalogue', context: 'Admin' }, page: AdminPage },
  { path: '/admin/providers', ...admin, title: { name: 'Providers', context: 'Admin' }, page: AdminPage },
  { path: '/admin/complaints', ...admin, title: { name: 'Complaints', context: 'Admin' }, page: AdminPage },
  { path: '/admin/course-details', ...admin, title: { name: 'Course Details', context: 'Admin' }, page: AdminPage },
  { path: '/admin/:page', access: 'admin', redirect: '/admin' },

  { path: '/search', access: 'public', title: { name: 'Search' }, page: SearchPage },

  // Not sent home as the spec says: the server answers 404 with this page (README).
  { path: '*', access: 'public', hasSearch: true, title: { name: 'Page not found' }, page: NotFoundPage },
]
