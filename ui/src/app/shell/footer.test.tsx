import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reloadPage } from '@/lib/browser'
import { admin, renderApp, student } from '@/testing/render-app'

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn() }))

afterEach(() => {
  vi.useRealTimers()
})

const footer = () => screen.findByRole('contentinfo')

describe('footer', () => {
  it('shows the current year in the copyright, computed at run time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2031-06-15T10:00:00+10:00'))
    renderApp('/about', null)
    expect(within(await footer()).getByText('© 2031 CourseSource')).toBeInTheDocument()
  })

  it('credits the National Training Register as its CC BY 4.0 licence asks', async () => {
    renderApp('/about', null)
    const credit = within(await footer()).getByTestId('register-attribution')
    expect(credit).toHaveTextContent('Course and provider details from the National Training Register (training.gov.au), licensed under CC BY 4.0.')
    expect(within(credit).getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/')
  })

  it('credits GeoNames for the postcode locations, as its CC BY 4.0 licence asks', async () => {
    renderApp('/about', null)
    const credit = within(await footer()).getByTestId('postcode-attribution')
    expect(credit).toHaveTextContent('Postcode locations from GeoNames, licensed under CC BY 4.0.')
    expect(within(credit).getByRole('link', { name: 'GeoNames' })).toHaveAttribute('href', 'https://www.geonames.org/')
  })

  it('links every spec entry for a logged-out visitor', async () => {
    renderApp('/about', null)
    const el = await footer()
    const links: [string, string][] = [
      ['Search for your course', '/search'],
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Login', '/login'],
      ['Students', '/who-benefits/students'],
      ['Employers', '/who-benefits/employers'],
      ['Parents', '/who-benefits/parents'],
      ['Career Advisors', '/who-benefits/career-advisors'],
      ['Hair & Beauty', '/industry/hair-beauty'],
      ['Hospitality', '/industry/hospitality'],
      ['Outdoor Recreation', '/industry/outdoor-recreation'],
      ['Terms of Use', '/terms-of-use'],
      ['How We Moderate Reviews', '/about/reviews'],
      ['Privacy Policy', '/privacy'],
    ]
    for (const [name, href] of links) {
      expect(within(el).getByRole('link', { name })).toHaveAttribute('href', href)
    }
    expect(within(el).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument()
  })

  it('opens the government skills site in a new tab, safely', async () => {
    renderApp('/about', null)
    const link = within(await footer()).getByRole('link', { name: /Your Career/ })
    expect(link).toHaveAttribute('href', 'https://www.yourcareer.gov.au/')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('offers Logout instead of Login to a logged-in user', async () => {
    renderApp('/about', student)
    const el = await footer()
    const logout = await within(el).findByRole('button', { name: 'Logout' })
    expect(within(el).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    await userEvent.click(logout)
    await waitFor(() => expect(reloadPage).toHaveBeenCalled())
  })
})

describe('route flags in the shell', () => {
  it('hides the search prompt on /search (hasSearch off)', async () => {
    renderApp('/search', null)
    const el = await footer()
    expect(within(el).queryByRole('link', { name: 'Search for your course' })).not.toBeInTheDocument()
    expect(el).toHaveAttribute('data-variant', 'default')
  })

  it('uses the alternative footer on the account forms (footerAlt)', async () => {
    renderApp('/sign-up', null)
    expect(await footer()).toHaveAttribute('data-variant', 'alt')
  })

  it('drops the footer in the admin area (footer: false)', async () => {
    renderApp('/admin', admin)
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderate Reviews' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
  })

  it('hides the header on the beta testing program page (noNav)', async () => {
    renderApp('/beta-testing-program', null)
    expect(await screen.findByRole('heading', { level: 1, name: 'Beta Testing Program' })).toBeInTheDocument()
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
    expect(await footer()).toBeInTheDocument()
  })

  it('gives the home page the stage header', async () => {
    renderApp('/', null)
    expect(screen.getByRole('banner')).toHaveAttribute('data-variant', 'stage')
    renderApp('/about', null)
    expect(screen.getAllByRole('banner')[1]).toHaveAttribute('data-variant', 'default')
  })
})
