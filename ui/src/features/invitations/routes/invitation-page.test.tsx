import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, location, renderPage, reply, sentTo } from '@/testing/render-page'
import { student } from '@/testing/render-app'
import InvitationPage from './invitation-page'

const invitation = {
  courseId: '1',
  courseName: 'Certificate III in Commercial Cookery',
  courseCode: 'SIT30821',
  courseSlug: 'sit30821',
  providerId: '3',
  providerName: 'Harbour City Training',
  providerSlug: 'harbour-city-training',
  periodFrom: '2025-01',
  periodTo: '2025-06',
  expiresAt: '2026-02-01T00:00:00Z',
}

describe('the invitation page', () => {
  it('says who invites whom, and a logged-in reviewer accepts and goes to the course-provider page', async () => {
    const fetchMock = fakeApi(
      { 'GET /api/invitations/tok': invitation, 'POST /api/invitations/tok/accept': invitation },
      student,
    )
    renderPage(<InvitationPage />, { path: '/invitation/tok', pattern: '/invitation/:token' })
    expect(await screen.findByText(/between January 2025 and June 2025 to review it/)).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Write your review' }))
    await screen.findByTestId('page-location')
    expect(sentTo(fetchMock, '/api/invitations/tok/accept')).toHaveLength(1)
    await expect.poll(location).toBe('/course/sit30821/harbour-city-training')
  })

  it('asks a visitor to log in, coming back here', async () => {
    fakeApi({ 'GET /api/invitations/tok': invitation })
    renderPage(<InvitationPage />, { path: '/invitation/tok', pattern: '/invitation/:token' })
    expect(await screen.findByRole('link', { name: 'Log in to write your review' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Finvitation%2Ftok',
    )
  })

  it('refuses a used or expired link in plain words, and still lets its owner refuse invitations', async () => {
    const fetchMock = fakeApi({
      'GET /api/invitations/tok': reply(409, [{ msg: 'This invitation link has already been used. Each link works once.' }]),
      'POST /api/invitations/tok/refuse': { msg: 'We will not send invitations to this address again.' },
    })
    renderPage(<InvitationPage />, { path: '/invitation/tok?refuse=1', pattern: '/invitation/:token' })
    expect(await screen.findByText('This invitation link has already been used. Each link works once.')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Don’t send me invitations again' }))
    expect(await screen.findByText('We will not send invitations to this address again.')).toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/invitations/tok/refuse')).toHaveLength(1)
  })
})
