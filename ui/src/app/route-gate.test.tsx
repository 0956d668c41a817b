import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { admin, currentPath, renderApp, student } from '@/testing/render-app'
import { guardRedirect } from './guards'

const here = (pathname: string, search = '') => ({ pathname, search })

describe('guardRedirect', () => {
  it('lets everyone open public routes', () => {
    expect(guardRedirect('public', null, here('/about'))).toBeNull()
    expect(guardRedirect('public', student, here('/about'))).toBeNull()
  })

  it('sends logged-out users to login with the path and query to come back to', () => {
    expect(guardRedirect('auth', null, here('/favourites'))).toBe('/login?redirect=%2Ffavourites')
    expect(guardRedirect('admin', null, here('/admin/search-user', '?q=1'))).toBe(
      '/login?redirect=%2Fadmin%2Fsearch-user%3Fq%3D1',
    )
  })

  it('sends logged-in users home from the logged-out pages', () => {
    expect(guardRedirect('loggedOut', student, here('/login'))).toBe('/')
    expect(guardRedirect('loggedOut', null, here('/login'))).toBeNull()
    // A login that just succeeded and the guard agree on where to go: the redirect target.
    expect(guardRedirect('loggedOut', student, { pathname: '/login', search: '?redirect=%2Ffavourites' })).toBe('/favourites')
    expect(guardRedirect('loggedOut', student, { pathname: '/login', search: '?redirect=https%3A%2F%2Fevil.example' })).toBe('/')
  })

  it('lets only admins into the admin area', () => {
    expect(guardRedirect('admin', student, here('/admin'))).toBe('/')
    expect(guardRedirect('admin', admin, here('/admin'))).toBeNull()
    expect(guardRedirect('auth', student, here('/profile'))).toBeNull()
  })
})

describe('guards in the app', () => {
  it.each([
    ['/favourites', '/login?redirect=%2Ffavourites'],
    ['/profile', '/login?redirect=%2Fprofile'],
    ['/profile/reviews', '/login?redirect=%2Fprofile%2Freviews'],
    ['/course/sit30821/acme?sort=top', '/login?redirect=%2Fcourse%2Fsit30821%2Facme%3Fsort%3Dtop'],
    ['/industry/a/b/c/d', '/login?redirect=%2Findustry%2Fa%2Fb%2Fc%2Fd'],
    ['/admin', '/login?redirect=%2Fadmin'],
    ['/admin/edit-content', '/login?redirect=%2Fadmin%2Fedit-content'],
  ])('sends a logged-out visitor from %s to %s', async (path, target) => {
    renderApp(path, null)
    await waitFor(() => expect(currentPath()).toBe(target))
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
  })

  it.each(['/login', '/login/verify-success', '/forgot-password', '/reset-password/abc', '/verify-account', '/sign-up', '/welcome'])(
    'sends a logged-in user from %s home',
    async (path) => {
      renderApp(path, student)
      await waitFor(() => expect(currentPath()).toBe('/'))
    },
  )

  it('sends a logged-in non-admin from the admin area home', async () => {
    renderApp('/admin/promo-strip', student)
    await waitFor(() => expect(currentPath()).toBe('/'))
  })

  it('lets an admin into the admin area', async () => {
    renderApp('/admin/promo-strip', admin)
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotion Strip' })).toBeInTheDocument()
    expect(currentPath()).toBe('/admin/promo-strip')
  })

  it('lets a logged-in user open their pages', async () => {
    renderApp('/profile/reviews', student)
    expect(await screen.findByRole('heading', { level: 1, name: 'Most Recent Reviews' })).toBeInTheDocument()
    expect(currentPath()).toBe('/profile/reviews')
  })

  it('shows a skeleton, not a redirect, while it does not yet know who is logged in', async () => {
    renderApp('/favourites', 'pending')
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(currentPath()).toBe('/favourites')
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()
  })

  it('treats a failing userinfo call as logged out', async () => {
    const { fetchMock } = renderApp('/profile', null)
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }))
    await waitFor(() => expect(currentPath()).toBe('/login?redirect=%2Fprofile'))
  })

  it.each([
    ['/industry', '/industries', 'Industries'],
    ['/profile/unknown', '/login?redirect=%2Fprofile', 'Login'],
  ])('redirects %s to %s', async (path, target, heading) => {
    renderApp(path, null)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(currentPath()).toBe(target)
  })

  it('shows any path it does not route as not found, staying there', async () => {
    renderApp('/no/such/page', null)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse all industries' })).toHaveAttribute('href', '/industries')
    expect(currentPath()).toBe('/no/such/page')
    expect(document.title).toBe('Page not found | CourseSource')
  })
})
