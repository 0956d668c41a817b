import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { admin } from '@/testing/render-app'
import { fakeApi, renderPage, reply, sentTo } from '@/testing/render-page'
import { CoursesWeOffer } from './courses-we-offer'

const offering = (over: Record<string, unknown>) => ({
  _id: '12', courseId: '1', courseCode: 'SIT30821', courseName: 'Certificate III in Commercial Cookery', courseSlug: 'c', providerId: '3',
  providerSlug: 'p', fee: 9000, subsidisedFee: null, subsidyState: null, durationWeeks: 52, durationMaxWeeks: null, deliveryModes: ['online'],
  campusIds: [], intakes: [], fundingNotes: [], courseUrl: '', campuses: [], courseUrlFlagged: false, source: 'import',
  confirmedAt: '2024-01-02T00:00:00Z', stale: true, version: 3, ...over,
})

const list = (stale: boolean) => ({ providerId: '3', campuses: [], offerings: [offering({ stale })], fundingNotes: ['Fee-free TAFE'] })

describe("'Courses we offer' and stale details", () => {
  it("confirms the stale details at once when opened from the reminder's 'Still correct' link", async () => {
    let confirmed = false
    const fetchMock = fakeApi(
      {
        // Answered as things stood when asked, a moment later: a slow list must not win over
        // the confirmation it raced.
        'GET /api/providers/3/offerings': async () => {
          const answer = list(!confirmed)
          await new Promise((resolve) => setTimeout(resolve, 50))
          return answer
        },
        'POST /api/providers/3/offerings/confirm': () => {
          confirmed = true
          return { confirmed: 1 }
        },
      },
      admin,
    )
    renderPage(<CoursesWeOffer providerId="3" confirmStale />, { path: '/profile/courses' })
    expect(await screen.findByText('Thank you: 1 course confirmed as still correct.')).toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/providers/3/offerings/confirm')).toHaveLength(1)
    expect(await screen.findByText('Added by CourseSource')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Still correct' })).not.toBeInTheDocument()
  })

  it("offers 'Still correct' beside stale details, and shows the server's message when it fails", async () => {
    fakeApi(
      {
        'GET /api/providers/3/offerings': list(true),
        'POST /api/providers/3/offerings/confirm': reply(403, [{ msg: 'You can only change the course details of the provider you represent.' }]),
      },
      admin,
    )
    renderPage(<CoursesWeOffer providerId="3" />, { path: '/profile/courses' })
    await userEvent.click(await screen.findByRole('button', { name: 'Still correct' }))
    expect(await screen.findByText('You can only change the course details of the provider you represent.')).toBeInTheDocument()
  })
})
