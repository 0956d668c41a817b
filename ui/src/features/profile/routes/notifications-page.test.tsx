import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { student } from '@/testing/render-app'
import { fakeApi, renderPage, reply, sentTo, type ApiHandler } from '@/testing/render-page'
import type { Notification } from '../api/get-notifications'
import NotificationsPage from './notifications-page'

function notification(n: number, read = false): Notification {
  return { _id: String(n), kind: 'review-approved', message: `Your review ${n} is live.`, read, createdAt: 1_767_225_600, reviewPage: null, ownReview: false }
}

/** The server's notifications: `unread` of them unread until POST /api/notifications/read. */
function renderNotifications(list: Notification[], extra: Record<string, ApiHandler> = {}) {
  let unread = list.filter((item) => !item.read).length
  const fetchMock = fakeApi(
    {
      'GET /api/notifications': reply(200, list.slice(0, 20), { 'X-Total-Count': String(list.length) }),
      'GET /api/notifications/unread-count': () => unread,
      'POST /api/notifications/read': () => {
        unread = 0
        return { unread: 0 }
      },
      ...extra,
    },
    student,
  )
  renderPage(<NotificationsPage />, { path: '/profile/notifications' })
  return fetchMock
}

const profileNav = () => screen.getByRole('navigation', { name: 'My profile' })

describe('notifications page', () => {
  it("says 'No new notifications found' when there are none", async () => {
    renderNotifications([])
    expect(await screen.findByText('No new notifications found')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument()
  })

  it('lists them with their dates, the unread ones marked new', async () => {
    renderNotifications([notification(1), notification(2, true)])
    expect(await screen.findByText('Your review 1 is live.')).toBeInTheDocument()
    expect(screen.getByText('Your review 1 is live.')).toHaveTextContent('New: Your review 1 is live.')
    expect(screen.getByText('Your review 2 is live.')).not.toHaveTextContent('New:')
    expect(screen.getAllByText('1 January 2026')).toHaveLength(2)
    expect(screen.queryByText('No new notifications found')).not.toBeInTheDocument()
  })

  it('offers a refused author the way forward: edit and resubmit, or contact us', async () => {
    const refused: Notification = { ...notification(2), kind: 'review-disapproved', message: 'Your review was not published. Reason: Offensive.' }
    renderNotifications([notification(1), refused])
    const item = (text: string) => screen.getByText(text).closest('li')!
    await screen.findByText('Your review was not published. Reason: Offensive.')
    expect(within(item('Your review was not published. Reason: Offensive.')).getByRole('link', { name: 'Edit and resubmit your review' })).toHaveAttribute(
      'href',
      '/profile/reviews',
    )
    expect(within(item('Your review was not published. Reason: Offensive.')).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
    expect(within(item('Your review 1 is live.')).queryByRole('link')).not.toBeInTheDocument()
  })

  it('links to the review it is about, and an author to where they answer a legal complaint', async () => {
    const live: Notification = { ...notification(1), reviewPage: '/course/cookery/harbour' }
    const complaint: Notification = { ...notification(2), kind: 'legal-complaint', message: 'We received your legal complaint LC-7 about a review.', reviewPage: '/course/cookery/harbour' }
    const aboutMine: Notification = { ...notification(3), kind: 'legal-complaint', message: 'A legal complaint was made about your review.', ownReview: true }
    renderNotifications([live, complaint, aboutMine])
    const item = async (text: string) => (await screen.findByText(text)).closest('li')!
    expect(within(await item('Your review 1 is live.')).getByRole('link', { name: 'Read the review' })).toHaveAttribute('href', '/course/cookery/harbour')
    expect(within(await item('We received your legal complaint LC-7 about a review.')).getByRole('link', { name: 'Read the review' })).toHaveAttribute(
      'href',
      '/course/cookery/harbour',
    )
    const mine = await item('A legal complaint was made about your review.')
    expect(within(mine).getByRole('link', { name: 'Read it and answer from your reviews' })).toHaveAttribute('href', '/profile/reviews')
    expect(within(mine).queryByRole('link', { name: 'Read the review' })).not.toBeInTheDocument()
  })

  it('marks them read once opened, and the badge in the side nav goes', async () => {
    const fetchMock = renderNotifications([notification(1), notification(2), notification(3)])
    const link = within(profileNav()).getByRole('link', { name: /^Notifications/ })
    await waitFor(() => expect(link).toHaveAccessibleName('Notifications, 3 unread'))
    await screen.findByText('Your review 1 is live.')
    await waitFor(() => expect(sentTo(fetchMock, '/api/notifications/read')).toEqual([{}]))
    await waitFor(() => expect(link).toHaveAccessibleName('Notifications'))
    expect(within(link).queryByText('3')).not.toBeInTheDocument()
    // What was new on arrival stays marked for this visit.
    expect(screen.getByText('Your review 1 is live.')).toHaveTextContent('New:')
  })

  it('pages a long list, 20 a page', async () => {
    const list = Array.from({ length: 25 }, (_, i) => notification(i + 1, true))
    const fetchMock = renderNotifications(list)
    await screen.findByText('Your review 1 is live.')
    const pager = screen.getByRole('navigation', { name: 'Notification pages' })
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/notifications?page=2'),
    )
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/notifications?page=1')
  })

  it('says so when the list cannot be loaded', async () => {
    renderNotifications([], { 'GET /api/notifications': reply(500, [{ msg: 'Something went wrong.' }]) })
    expect(await screen.findByRole('alert')).toHaveTextContent('Your notifications could not be loaded')
  })
})
