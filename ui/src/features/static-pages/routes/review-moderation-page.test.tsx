import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, renderPage, reply } from '@/testing/render-page'
import { formatWait, type ModerationFigures } from '../api/get-moderation-figures'
import ReviewModerationPage from './review-moderation-page'

const figures: ModerationFigures = {
  since: '2025-11-26T00:00:00Z',
  received: 1234,
  published: 1100,
  awaiting: 30,
  notPublished: [
    { reason: 'offensive', label: 'Offensive', count: 40 },
    { reason: 'personal-information', label: 'Personal information', count: 20 },
    { reason: 'off-topic', label: 'Not about this course and provider', count: 10 },
    { reason: 'not-genuine', label: 'Not a genuine experience', count: 30 },
    { reason: 'other', label: 'Other', count: 4 },
  ],
  removedAfterReport: 2,
  providerReplies: 7,
  medianSecondsToDecision: 19 * 3600 + 600,
  legalComplaints: { received: 3, open: 1, kept: 1, removed: 1 },
  invitations: { received: 12, published: 10, sent: 340 },
}

describe('review moderation page', () => {
  it('shows the figures of the last 12 months from the server', async () => {
    fakeApi({ 'GET /api/moderation/figures': figures })
    renderPage(<ReviewModerationPage />, { path: '/about/reviews' })
    expect(screen.getByRole('heading', { level: 1, name: 'Review Moderation' })).toBeInTheDocument()
    const list = await screen.findByTestId('moderation-figures')
    expect(list).toHaveTextContent('Reviews received since 26 November 2025.')
    const tile = (label: string) => within(list).getByText(label).nextElementSibling
    expect(tile('Reviews received')).toHaveTextContent('1,234')
    expect(tile('Published')).toHaveTextContent('1,100')
    expect(tile('Not published')).toHaveTextContent('104')
    expect(tile('Awaiting moderation')).toHaveTextContent('30')
    expect(tile('Removed after a report')).toHaveTextContent('2')
    expect(tile('Replies by providers')).toHaveTextContent('7')
    expect(tile('Reviews from invitations')).toHaveTextContent('12')
    expect(tile('Invitations sent by providers')).toHaveTextContent('340')
    expect(tile('Median time to a decision')).toHaveTextContent('19 hours')
    const table = within(list).getByRole('table')
    expect(within(table).getByRole('row', { name: 'Not a genuine experience 30' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'review moderation policy' })).toHaveAttribute('href', '/terms-of-use#review-moderation')
    expect(screen.getByText('Incentivised review')).toBeInTheDocument()
  })

  it('says so when the figures cannot be loaded', async () => {
    fakeApi({ 'GET /api/moderation/figures': reply(500, [{ msg: 'Something went wrong' }]) })
    renderPage(<ReviewModerationPage />, { path: '/about/reviews' })
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The figures could not be loaded.'))
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('writes a median wait in words', () => {
    expect(formatWait(20)).toBe('1 minute')
    expect(formatWait(45 * 60)).toBe('45 minutes')
    expect(formatWait(3600)).toBe('1 hour')
    expect(formatWait(47 * 3600)).toBe('47 hours')
    expect(formatWait(52 * 3600)).toBe('2 days 4 hours')
    expect(formatWait(72 * 3600)).toBe('3 days')
  })
})
