import { describe, expect, it } from 'vitest'
import { formatTitle } from '@/lib/document-title'
import { isRedirect, resolveTitle, routes, type Access } from './routes'

// Every route of both spec documents with the access the spec gives it.
const SPEC_ROUTES: [string, Access][] = [
  ['/', 'public'],
  ['/login', 'loggedOut'],
  ['/login/:id', 'loggedOut'],
  ['/forgot-password', 'loggedOut'],
  ['/reset-password', 'loggedOut'],
  ['/reset-password/:token', 'loggedOut'],
  ['/verify-account', 'loggedOut'],
  // Public rather than logged-out only: a logged-in user follows the link confirming a new email.
  ['/verify-account/:token', 'public'],
  ['/represent/verify/:token', 'public'],
  // The link in every alert mail (issue 31): the signed token is the credential.
  ['/unsubscribe/:token', 'public'],
  // The link in an invitation mail (issue 30): the token is the credential.
  ['/invitation/:token', 'public'],
  ['/sign-up', 'loggedOut'],
  ['/welcome', 'loggedOut'],
  ['/about', 'public'],
  ['/about/reviews', 'public'],
  ['/competition', 'public'],
  ['/beta-testing-program', 'public'],
  ['/who-benefits/students', 'public'],
  ['/who-benefits/employers', 'public'],
  ['/who-benefits/parents', 'public'],
  ['/who-benefits/career-advisors', 'public'],
  ['/terms-of-use', 'public'],
  ['/privacy', 'public'],
  ['/contact', 'public'],
  // Beyond the spec's table: the legal (defamation) complaint form, open without an account (issue 30).
  ['/legal-complaint', 'public'],
  ['/industries', 'public'],
  ['/industry', 'public'],
  ['/industry/:industry', 'public'],
  ['/industry/:industry/:career', 'public'],
  ['/industry/:industry/:career/:course', 'public'],
  ['/industry/:industry/:career/:course/:provider', 'auth'],
  ['/course/:course/:provider', 'auth'],
  // Beyond the spec's table: up to three providers of a course side by side (the ratings issue).
  ['/course/:course/compare', 'public'],
  ['/favourites', 'auth'],
  ['/profile', 'auth'],
  ['/profile/reviews', 'auth'],
  ['/profile/notifications', 'auth'],
  // Beyond the spec's table: a provider representative's course details (offering facts).
  ['/profile/courses', 'auth'],
  // Beyond the spec's table: a representative invites its students (issue 30).
  ['/profile/invitations', 'auth'],
  ['/profile/notification-settings', 'auth'],
  ['/profile/:page', 'auth'],
  ['/admin', 'admin'],
  ['/admin/promo-strip', 'admin'],
  ['/admin/edit-content', 'admin'],
  ['/admin/search-user', 'admin'],
  // Beyond the spec's table: the admin's Mail page (DESIGN decision 6).
  ['/admin/mail', 'admin'],
  ['/admin/catalogue', 'admin'],
  ['/admin/providers', 'admin'],
  ['/admin/complaints', 'admin'],
  ['/admin/course-details', 'admin'],
  ['/admin/:page', 'admin'],
  ['/search', 'public'],
  ['*', 'public'],
]

const byPath = (path: string) => {
  const route = routes.find((r) => r.path === path)
  if (!route) throw new Error(`no route ${path}`)
  return route
}

describe('route table', () => {
  it.each(SPEC_ROUTES)('has %s with access %s', (path, access) => {
    expect(byPath(path).access).toBe(access)
  })

  it('has no route the spec does not name, and no duplicates', () => {
    const paths = routes.map((r) => r.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect([...paths].sort()).toEqual(SPEC_ROUTES.map(([p]) => p).sort())
  })

  it.each([
    ['/industry', '/industries'],
    ['/profile/:page', '/profile'],
    ['/admin/:page', '/admin'],
  ])('redirects %s to %s', (path, target) => {
    const route = byPath(path)
    expect(isRedirect(route) && route.redirect).toBe(target)
  })

  it('shows the not-found page for any other path instead of going home', () => {
    const route = byPath('*')
    expect(isRedirect(route)).toBe(false)
    expect(!isRedirect(route) && route.title).toEqual({ name: 'Page not found' })
  })

  it('sets the spec flags', () => {
    expect(byPath('/beta-testing-program').noNav).toBe(true)
    expect(routes.filter((r) => r.noNav).map((r) => r.path)).toEqual(['/beta-testing-program'])
    expect(byPath('/').stage).toBe(true)
    expect(byPath('/').promoAlt).toBe(true)
    expect(byPath('/search').hasSearch).toBeFalsy()
    expect(byPath('/about').hasSearch).toBe(true)
    expect(byPath('/admin').footer).toBe(false)
    expect(byPath('/login').footerAlt).toBe(true)
  })

  it.each([
    ['/', 'Home | CourseSource'],
    ['/login', 'Login | CourseSource'],
    ['/sign-up', 'Sign Up | CourseSource'],
    ['/industries', 'Industries | CourseSource'],
    ['/search', 'Search | CourseSource'],
    ['/profile', 'My Profile | CourseSource'],
    ['/profile/reviews', 'Most Recent Reviews | My Profile'],
    ['/profile/notifications', 'Notifications | My Profile'],
    ['/profile/courses', 'Courses we offer | My Profile'],
    ['/profile/invitations', 'Invite students | My Profile'],
    ['/admin', 'Moderate Reviews | Admin'],
    ['/admin/promo-strip', 'Promotion Strip | Admin'],
    ['/admin/edit-content', 'Edit Content | Admin'],
    ['/admin/search-user', 'Search User | Admin'],
    ['/admin/mail', 'Mail | Admin'],
    ['/admin/catalogue', 'Catalogue | Admin'],
    ['/admin/providers', 'Providers | Admin'],
    ['/admin/complaints', 'Complaints | Admin'],
    ['/admin/course-details', 'Course Details | Admin'],
  ])('titles %s as %s', (path, title) => {
    const route = byPath(path)
    if (isRedirect(route)) throw new Error('redirect')
    expect(formatTitle(resolveTitle(route, {}))).toBe(title)
  })

  it('titles dynamic pages in the spec order from their slugs', () => {
    const params = {
      industry: 'hospitality',
      career: 'chef',
      course: 'sit40521-certificate-iv-in-kitchen-management',
      provider: 'harbour-city-training',
    }
    const title = (path: string) => {
      const route = byPath(path)
      if (isRedirect(route)) throw new Error('redirect')
      return formatTitle(resolveTitle(route, params))
    }
    expect(title('/industry/:industry')).toBe('Hospitality | Industry')
    expect(title('/industry/:industry/:career')).toBe('Chef | Hospitality')
    expect(title('/industry/:industry/:career/:course')).toBe(
      'SIT40521 Certificate IV in Kitchen Management | Chef',
    )
    expect(title('/industry/:industry/:career/:course/:provider')).toBe(
      'Harbour City Training | SIT40521 Certificate IV in Kitchen Management',
    )
    expect(title('/course/:course/:provider')).toBe(
      'Harbour City Training | SIT40521 Certificate IV in Kitchen Management',
    )
    expect(title('/course/:course/compare')).toBe('Compare providers | SIT40521 Certificate IV in Kitchen Management')
  })
})
