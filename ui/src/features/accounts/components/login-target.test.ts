import { describe, expect, it } from 'vitest'
import { loginTarget, safeRedirect } from './login-target'

const search = (query: string) => new URLSearchParams(query)

describe('safeRedirect', () => {
  it.each(['/', '/favourites', '/course/sit30821/acme?sort=top', '/industry/a#reviews'])('keeps the site path %s', (path) => {
    expect(safeRedirect(path)).toBe(path)
  })

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'favourites',
    '/\tfoo',
    '',
    null,
  ])('refuses %s', (value) => {
    expect(safeRedirect(value)).toBeNull()
  })
})

describe('loginTarget', () => {
  it('prefers the redirect parameter', () => {
    localStorage.setItem('previousUrl', '/about')
    expect(loginTarget(search('redirect=%2Ffavourites'))).toBe('/favourites')
  })

  it('falls back to the remembered previous page, then home', () => {
    localStorage.setItem('previousUrl', '/industry/hospitality?sort=a-z')
    expect(loginTarget(search(''))).toBe('/industry/hospitality?sort=a-z')
    localStorage.removeItem('previousUrl')
    expect(loginTarget(search(''))).toBe('/')
  })

  it('skips the account pages, such as a used verification link', () => {
    localStorage.setItem('previousUrl', '/verify-account/abc.123')
    expect(loginTarget(search(''))).toBe('/')
    expect(loginTarget(search('redirect=%2Flogin%2Fverify-success'))).toBe('/')
    localStorage.setItem('previousUrl', '/login-help')
    expect(loginTarget(search(''))).toBe('/login-help')
  })

  it('never leaves the site, whichever source is bad', () => {
    localStorage.setItem('previousUrl', '//evil.example')
    expect(loginTarget(search('redirect=https%3A%2F%2Fevil.example'))).toBe('/')
    localStorage.setItem('previousUrl', '/contact')
    expect(loginTarget(search('redirect=%2F%2Fevil.example'))).toBe('/contact')
  })
})
