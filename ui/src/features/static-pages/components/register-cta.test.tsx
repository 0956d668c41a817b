import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp, student } from '@/testing/render-app'

// Every page that carries the call to action, with its h1.
const CTA_PAGES: [string, string][] = [
  ['/about', 'About'],
  ['/competition', 'Competition'],
  ['/beta-testing-program', 'Beta Testing Program'],
  ['/who-benefits/students', 'Who Benefits: Students'],
  ['/who-benefits/employers', 'Who Benefits: Employers'],
  ['/who-benefits/parents', 'Who Benefits: Parents'],
  ['/who-benefits/career-advisors', 'Who Benefits: Career Advisors'],
]

// The first visit to a page loads its lazy chunk, which is slow on a busy machine.
const LAZY_PAGE = { timeout: 5000 }

const ctaLinks = (name: string) => within(screen.getByRole('main')).queryAllByRole('link', { name })

describe('register call to action', () => {
  it.each(CTA_PAGES)('%s asks a logged-out visitor to register', async (path, heading) => {
    renderApp(path, null)
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY_PAGE)).toBeInTheDocument()
    const links = await within(screen.getByRole('main')).findAllByRole(
      'link',
      { name: /Click to register now/ },
      LAZY_PAGE,
    )
    for (const link of links) expect(link).toHaveAttribute('href', '/sign-up')
    expect(ctaLinks('Review Course Providers')).toHaveLength(0)
  })

  it.each(CTA_PAGES)('%s sends a logged-in user to review providers', async (path, heading) => {
    renderApp(path, student)
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY_PAGE)).toBeInTheDocument()
    const links = await within(screen.getByRole('main')).findAllByRole(
      'link',
      { name: /Review Course Providers/ },
      LAZY_PAGE,
    )
    for (const link of links) expect(link).toHaveAttribute('href', '/industries')
    expect(ctaLinks('Click to register now')).toHaveLength(0)
  })

  it('holds its place with a placeholder, not either link, while the session is unknown', async () => {
    renderApp('/about', 'pending')
    expect(await screen.findByRole('heading', { level: 1, name: 'About' }, LAZY_PAGE)).toBeInTheDocument()
    expect(screen.getAllByTestId('cta-placeholder').length).toBeGreaterThan(0)
    expect(ctaLinks('Click to register now')).toHaveLength(0)
    expect(ctaLinks('Review Course Providers')).toHaveLength(0)
  })

  it('is not on the legal pages', async () => {
    renderApp('/privacy', null)
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, LAZY_PAGE)).toBeInTheDocument()
    expect(ctaLinks('Click to register now')).toHaveLength(0)
  })
})
