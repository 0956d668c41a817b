import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { reloadPage } from '@/lib/browser'
import { admin, currentPath, renderApp, student } from '@/testing/render-app'
import { renderWithApi } from '@/testing/render-with-api'

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn() }))

const ALWAYS = [
  ['Home', '/'],
  ['About', '/about'],
  ['Industries', '/industries'],
  ['Contact', '/contact'],
  ['Find & Review Course Provider', '/search'],
]
const WHO_BENEFITS = [
  ['Students', '/who-benefits/students'],
  ['Employers', '/who-benefits/employers'],
  ['Parents', '/who-benefits/parents'],
  ['Career Advisors', '/who-benefits/career-advisors'],
]

/** The desktop nav inside the header (the phone panel is tested separately). */
async function desktopNav() {
  const header = screen.getByRole('banner')
  // The account area appears once userinfo has answered.
  await waitFor(() => expect(within(header).queryByText(/^(Login|Favourites)$/)).toBeInTheDocument())
  return header
}

async function openMenu(name: RegExp | string) {
  const user = userEvent.setup()
  // The real (lazy) menu replaces its inert stand-in once loaded.
  await waitFor(() => expect(screen.getByRole('button', { name })).toHaveAttribute('id'))
  await user.click(screen.getByRole('button', { name }))
  return screen.findByRole('menu')
}

function expectLinks(container: HTMLElement, links: string[][], role: 'link' | 'menuitem' = 'link') {
  for (const [name, href] of links) {
    const found = within(container).getAllByRole(role, { name })
    for (const link of found) expect(link).toHaveAttribute('href', href)
  }
}

describe('header for a logged-out visitor', () => {
  it('shows the always entries, Sign Up and Login, and nothing of an account', async () => {
    renderApp('/about', null)
    const header = await desktopNav()
    expectLinks(header, [...ALWAYS, ['Sign Up', '/sign-up'], ['Login', '/login']])
    for (const name of ['Favourites', 'My Profile', 'My Reviews', 'Admin']) {
      expect(within(header).queryByRole('link', { name })).not.toBeInTheDocument()
    }
    expect(within(header).queryByRole('button', { name: /Logout|Account menu/ })).not.toBeInTheDocument()
  })

  it('lists the four who-benefits pages in the Who Benefits menu', async () => {
    renderApp('/about', null)
    await desktopNav()
    const menu = await openMenu('Who Benefits')
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(
      WHO_BENEFITS.map(([name]) => name),
    )
    expectLinks(menu, WHO_BENEFITS, 'menuitem')
  })

  it('marks the current page', async () => {
    renderApp('/industries', null)
    const header = await desktopNav()
    expect(within(header).getByRole('link', { name: 'Industries' })).toHaveAttribute('aria-current', 'page')
    expect(within(header).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')
  })
})

describe('header for a logged-in user', () => {
  it('shows Favourites with an empty heart and the account menu, without Login or Sign Up', async () => {
    renderApp('/about', student)
    const header = await desktopNav()
    expectLinks(header, [...ALWAYS, ['Favourites', '/favourites']])
    const heart = within(header).getByRole('link', { name: 'Favourites' }).querySelector('svg')
    expect(heart).toHaveAttribute('fill', 'none')
    expect(within(header).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    expect(within(header).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument()

    const menu = await openMenu(/Account menu for Jess/)
    expectLinks(
      menu,
      [
        ['My Profile', '/profile'],
        ['My Reviews', '/profile/reviews'],
      ],
      'menuitem',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument()
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument()
  })

  it('fills the heart when the user has favourites', async () => {
    renderApp('/about', { ...student, hasFavourites: true })
    const header = await desktopNav()
    const heart = within(header).getByRole('link', { name: 'Favourites' }).querySelector('svg')
    expect(heart).toHaveAttribute('fill', 'currentColor')
  })

  it('shows Admin to admins', async () => {
    renderApp('/about', admin)
    await desktopNav()
    const menu = await openMenu(/Account menu for Alex/)
    expect(within(menu).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin')
  })

  it('logs out: POST /api/logout, forgets the closed promotion strip, reloads', async () => {
    localStorage.setItem('promotion-closed', 'true')
    localStorage.setItem('previousUrl', '/about')
    const { fetchMock } = renderApp('/about', student)
    await desktopNav()
    const menu = await openMenu(/Account menu for Jess/)
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce())
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }))
    expect(localStorage.getItem('promotion-closed')).toBeNull()
  })
})

describe('phone menu', () => {
  async function openPanel() {
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    return { user, panel: await screen.findByRole('dialog', { name: 'Menu' }) }
  }

  it('holds every entry for a logged-out visitor', async () => {
    renderApp('/', null)
    await desktopNav()
    const { panel } = await openPanel()
    expectLinks(panel, [...ALWAYS, ...WHO_BENEFITS, ['Sign Up', '/sign-up'], ['Login', '/login']])
    expect(within(panel).queryByRole('link', { name: 'Favourites' })).not.toBeInTheDocument()
  })

  it('holds the account entries for an admin', async () => {
    renderApp('/', admin)
    await desktopNav()
    const { panel } = await openPanel()
    expectLinks(panel, [
      ['Favourites', '/favourites'],
      ['My Profile', '/profile'],
      ['My Reviews', '/profile/reviews'],
      ['Admin', '/admin'],
    ])
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    expect(within(panel).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
  })

  it('closes and scrolls to the top when a link is followed', async () => {
    renderApp('/', null)
    await desktopNav()
    const { user, panel } = await openPanel()
    vi.mocked(window.scrollTo).mockClear()
    await user.click(within(panel).getByRole('link', { name: 'Parents' }))
    // The navigation is a transition: the path changes once the lazy page has loaded.
    await waitFor(() => expect(currentPath()).toBe('/who-benefits/parents'))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0)
  })

  it('closes on Escape', async () => {
    renderApp('/', null)
    await desktopNav()
    const { user } = await openPanel()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('unread notifications', () => {
  const unread = (count: number) => ({ 'GET /api/notifications/unread-count': count })

  it('shows the count on the account menu button and beside Notifications in the menu', async () => {
    renderWithApi('/about', unread(3), student)
    await desktopNav()
    const button = await screen.findByRole('button', { name: 'Account menu for Jess, 3 unread notifications' })
    expect(within(button).getByText('3')).toBeInTheDocument()
    const menu = await openMenu('Account menu for Jess, 3 unread notifications')
    expect(within(menu).getByRole('menuitem', { name: 'Notifications, 3 unread' })).toHaveAttribute('href', '/profile/notifications')
  })

  it('shows the count on the phone menu button and beside Notifications in the panel', async () => {
    const user = userEvent.setup()
    renderWithApi('/about', unread(2), student)
    await desktopNav()
    await user.click(await screen.findByRole('button', { name: 'Open menu, 2 unread notifications' }))
    const panel = await screen.findByRole('dialog', { name: 'Menu' })
    expect(within(panel).getByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute('href', '/profile/notifications')
  })

  it('shows no badge when everything is read', async () => {
    const { fetchMock } = renderWithApi('/about', unread(0), student)
    await desktopNav()
    await waitFor(() => expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/notifications/unread-count'))
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument()
    const menu = await openMenu('Account menu for Jess')
    expect(within(menu).getByRole('menuitem', { name: 'Notifications' })).toBeInTheDocument()
  })

  it('never asks for a logged-out visitor', async () => {
    const { fetchMock } = renderWithApi('/about', unread(3), null)
    await desktopNav()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain('/api/notifications/unread-count')
  })
})
