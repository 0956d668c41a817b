import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import AdminArea from '@/app/admin/admin-area'
import { admin } from '@/testing/render-app'
import { fakeApi, renderPage, reply, sentTo } from '@/testing/render-page'
import type { ListedMail } from '../api/outbox'

function mail(n: number, overrides: Partial<ListedMail> = {}): ListedMail {
  return {
    _id: `m${n}`,
    to: `user${n}@example.org`,
    subject: `Verify your CourseSource account ${n}`,
    state: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: 1_764_000_000,
    updatedAt: 1_764_000_060,
    ...overrides,
  }
}

function renderMail(mails: ListedMail[], extra: Record<string, unknown> = {}) {
  const fetchMock = fakeApi(
    {
      'GET /api/review/getunactioned': 0,
      'GET /api/admin/mail/failed-count': mails.filter((m) => m.state === 'failed').length,
      'GET /api/admin/mail': reply(200, mails, { 'X-Total-Count': String(mails.length) }),
      ...extra,
    },
    admin,
  )
  renderPage(<AdminArea />, { path: '/admin/mail' })
  return fetchMock
}

describe('the admin Mail page', () => {
  it('lists the outbox with states and errors, never a body, and counts failed mails in the menu', async () => {
    renderMail([mail(1), mail(2, { state: 'failed', lastError: '550 5.1.1 mailbox unavailable', attempts: 1 })])
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail' })).toBeInTheDocument()
    const failed = await screen.findByRole('article', { name: 'Verify your CourseSource account 2 to user2@example.org' })
    expect(within(failed).getByText('550 5.1.1 mailbox unavailable')).toBeInTheDocument()
    expect(within(failed).getByRole('button', { name: 'Retry now' })).toBeInTheDocument()
    const sent = screen.getByRole('article', { name: 'Verify your CourseSource account 1 to user1@example.org' })
    expect(within(sent).queryByRole('button', { name: 'Retry now' })).not.toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Admin' })
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Mail, 1 failed' })).toHaveAttribute('aria-current', 'page'))
  })

  it('filters by state', async () => {
    const fetchMock = renderMail([mail(1)])
    await screen.findByRole('article', { name: /account 1/ })
    await userEvent.click(screen.getByRole('button', { name: 'Failed' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/admin/mail?page=1&state=failed'))).toBe(true),
    )
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('retries a failed mail', async () => {
    const fetchMock = renderMail([mail(3, { state: 'failed', lastError: '451 4.3.0 try again later' })], {
      'POST /api/admin/mail/m3/retry': { msg: 'The mail will be sent again now' },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Retry now' }))
    await waitFor(() => expect(sentTo(fetchMock, '/api/admin/mail/m3/retry')).toHaveLength(1))
  })

  it('sends a test mail, with the messages for a missing or invalid address', async () => {
    const fetchMock = renderMail([], {
      'POST /api/admin/mail/test': { msg: 'Test email queued: it is listed below as it goes out' },
    })
    const send = await screen.findByRole('button', { name: 'Send test email' })
    await userEvent.click(send)
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Email'), 'nope')
    await userEvent.click(send)
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText('Email'))
    await userEvent.type(screen.getByLabelText('Email'), 'ops@example.org')
    await userEvent.click(send)
    expect(await screen.findByText('Test email queued: it is listed below as it goes out')).toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/admin/mail/test')).toEqual([{ email: 'ops@example.org' }])
    expect(screen.getByText('No mails')).toBeInTheDocument()
  })
})
