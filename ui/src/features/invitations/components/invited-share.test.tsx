import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, renderPage } from '@/testing/render-page'
import { InvitedShareNote } from './invited-share'

describe("the course-provider page's invited share", () => {
  it('gives the share of invited reviews with the period attested', async () => {
    fakeApi({
      'GET /api/offering-invitations/1/3': { reviews: 4, invited: 1, percent: 25, periods: [{ from: '2025-01', to: '2025-06' }] },
    })
    renderPage(<InvitedShareNote courseId="1" providerId="3" />, { path: '/course/a/b' })
    expect(await screen.findByTestId('invited-share')).toHaveTextContent(
      "1 of 4 reviews (25%) came from the provider's invitations. The provider attested it invited everyone who finished or left the course (January 2025 to June 2025)",
    )
  })
})
