import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { User } from '@/lib/auth/get-userinfo'
import { student } from '@/testing/render-app'
import { fakeApi, renderPage, sentTo, type ApiHandler } from '@/testing/render-page'
import { reviewStatus, type UserReview } from '../api/get-user-reviews'
import { HIDDEN_BY_COMPLAINT } from '../components/refusal-panel'
import ReviewsPage from './reviews-page'

function review(n: number, providerName: string, overrides: Partial<UserReview> = {}): UserReview {
  return {
    _id: `r${n}`,
    title: `My review ${n}`,
    comment: `What I thought, part ${n}.`,
    score: 4.5,
    userType: 'Student',
    createdAt: new Date(2026, 10, 2, 9).toISOString(),
    actioned: false,
    approved: false,
    status: 'unactioned',
    refusal: null,
    incentivised: false,
    invited: false,
    provider: [{ _id: `p${n}`, name: providerName, slug: providerName.toLowerCase().replaceAll(' ', '-') }],
    course: [{ _id: 'c1', name: 'Certificate III in Commercial Cookery', courseCode: 'SIT30821', slug: 'certificate-iii-in-commercial-cookery' }],
    ...overrides,
  }
}

const waiting = review(1, 'Coastal Skills Institute')
const approved = review(2, 'Harbour College', { actioned: true, approved: true, status: 'approved' })
const disapproved = review(3, 'Ridge Training', { actioned: true, approved: false, status: 'disapproved' })

function renderReviews(handlers: Record<string, ApiHandler>, user: User = student) {
  const fetchMock = fakeApi(handlers, user)
  const view = renderPage(<ReviewsPage />, { path: '/profile/reviews' })
  return { fetchMock, ...view }
}

describe('my reviews page', () => {
  it("asks for the user's own reviews and lists each with its code, names, score and link", async () => {
    const { fetchMock } = renderReviews({ 'POST /api/review/getuserreviews': [waiting, approved, disapproved] })
    expect(screen.getByRole('heading', { level: 1, name: 'Most Recent Reviews' })).toBeInTheDocument()
    const items = await screen.findAllByRole('listitem', { name: /./ })
    expect(items).toHaveLength(3)
    expect(sentTo(fetchMock, '/api/review/getuserreviews')).toEqual([{ userId: student._id }])

    const first = screen.getByRole('listitem', { name: 'Coastal Skills Institute' })
    expect(within(first).getByText('SIT30821')).toBeInTheDocument()
    expect(within(first).getByText('Certificate III in Commercial Cookery')).toBeInTheDocument()
    expect(within(first).getByRole('img', { name: '4.5 out of 5 stars' })).toBeInTheDocument()
    expect(within(first).getByText('posted 02.11.26')).toBeInTheDocument()
    expect(within(first).getByRole('link', { name: /View course provider/ })).toHaveAttribute(
      'href',
      '/course/certificate-iii-in-commercial-cookery/coastal-skills-institute',
    )
  })

  it('labels each status in words (with its own icon), not by colour alone', async () => {
    renderReviews({ 'POST /api/review/getuserreviews': [waiting, approved, disapproved] })
    const label = async (provider: string) => {
      const item = await screen.findByRole('listitem', { name: provider })
      return within(item).getByText(/^Status:/, { selector: 'span' }).parentElement!
    }
    expect(await label('Coastal Skills Institute')).toHaveTextContent('Status: Awaiting moderation')
    expect(await label('Harbour College')).toHaveTextContent('Status: Approved')
    expect(await label('Ridge Training')).toHaveTextContent('Status: Disapproved')
  })

  it('reads the status from actioned and approved when the server gives none (the non-inverted reading)', () => {
    expect(reviewStatus({ actioned: false, approved: false })).toBe('unactioned')
    expect(reviewStatus({ actioned: false, approved: true })).toBe('unactioned')
    expect(reviewStatus({ actioned: true, approved: true })).toBe('approved')
    expect(reviewStatus({ actioned: true, approved: false })).toBe('disapproved')
    expect(reviewStatus({ actioned: true, approved: true, status: 'approved' })).toBe('approved')
  })

  it("opens one review's title and comment at a time with 'Show more'", async () => {
    const user = userEvent.setup()
    renderReviews({ 'POST /api/review/getuserreviews': [waiting, approved] })
    const first = await screen.findByRole('listitem', { name: 'Coastal Skills Institute' })
    const second = screen.getByRole('listitem', { name: 'Harbour College' })
    expect(screen.queryByText('My review 1')).not.toBeInTheDocument()
    expect(screen.queryByText('What I thought, part 1.')).not.toBeInTheDocument()

    const showFirst = within(first).getByRole('button', { name: /Show more/ })
    expect(showFirst).toHaveAttribute('aria-expanded', 'false')
    await user.click(showFirst)
    expect(within(first).getByRole('heading', { name: 'My review 1' })).toBeVisible()
    expect(within(first).getByText('What I thought, part 1.')).toBeVisible()
    expect(within(first).getByRole('button', { name: /Show less/ })).toHaveAttribute('aria-expanded', 'true')

    await user.click(within(second).getByRole('button', { name: /Show more/ }))
    expect(within(second).getByText('What I thought, part 2.')).toBeVisible()
    expect(screen.queryByText('What I thought, part 1.')).not.toBeInTheDocument()
    expect(within(first).getByRole('button', { name: /Show more/ })).toHaveAttribute('aria-expanded', 'false')

    await user.click(within(second).getByRole('button', { name: /Show less/ }))
    expect(screen.queryByText('What I thought, part 2.')).not.toBeInTheDocument()
  })

  it('tells the author of a refused review why, what they may do, and sends it back edited', async () => {
    const user = userEvent.setup()
    const refused = review(3, 'Ridge Training', {
      actioned: true,
      approved: false,
      status: 'disapproved',
      incentivised: true,
      refusal: { reason: 'personal-information', label: 'Personal information', note: "Names the trainer's phone number" },
    })
    let current = [refused]
    const { fetchMock } = renderReviews({
      'POST /api/review/getuserreviews': () => current,
      'POST /api/review/resubmit': (body: unknown) => {
        current = [{ ...refused, ...(body as object), _id: 'r3', actioned: false, status: 'unactioned', refusal: null }]
        return { _id: 'r3', status: 'unactioned', msg: 'Thank you!' }
      },
    })
    const item = await screen.findByRole('listitem', { name: 'Ridge Training' })
    expect(within(item).getByText('Incentivised review')).toBeInTheDocument()
    const panel = within(item).getByTestId('refusal')
    expect(panel).toHaveTextContent('Not published: Personal information')
    expect(panel).toHaveTextContent("Moderator’s note: Names the trainer's phone number")
    expect(panel).toHaveTextContent('You can edit your review and submit it again, or contact us')
    expect(within(panel).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact')
    expect(within(panel).getByRole('link', { name: 'how we moderate reviews' })).toHaveAttribute('href', '/about/reviews')

    await user.click(within(panel).getByRole('button', { name: /Edit and resubmit/ }))
    const title = within(panel).getByLabelText('Review title')
    expect(title).toHaveValue('My review 3')
    expect(within(panel).getByRole('radio', { name: 'Yes' })).toBeChecked()
    await user.clear(title)
    await user.click(within(panel).getByRole('button', { name: 'Submit again' }))
    expect(within(panel).getByText('Review title is required')).toBeInTheDocument()
    await user.type(title, 'Fixed title')
    await user.click(within(panel).getByRole('radio', { name: 'No' }))
    await user.click(within(panel).getByRole('button', { name: 'Submit again' }))
    await waitFor(() => expect(sentTo(fetchMock, '/api/review/resubmit')).toHaveLength(1))
    expect(sentTo(fetchMock, '/api/review/resubmit')[0]).toEqual({
      id: 'r3',
      title: 'Fixed title',
      comment: 'What I thought, part 3.',
      incentivised: false,
    })
    const status = await within(item).findByText('Awaiting moderation')
    expect(status).toBeInTheDocument()
    expect(within(item).queryByTestId('refusal')).not.toBeInTheDocument()
  })

  it('offers no edit while a legal complaint keeps the review hidden, and says why', async () => {
    const hidden = review(4, 'Ridge Training', {
      actioned: true,
      approved: false,
      status: 'disapproved',
      refusal: { reason: 'other', label: 'Other', note: HIDDEN_BY_COMPLAINT },
    })
    renderReviews({ 'POST /api/review/getuserreviews': () => [hidden] })
    const item = await screen.findByRole('listitem', { name: 'Ridge Training' })
    const panel = within(item).getByTestId('refusal')
    expect(panel).toHaveTextContent('You can edit your review again once the complaint is decided')
    expect(within(panel).queryByRole('button', { name: /Edit and resubmit/ })).not.toBeInTheDocument()
    expect(within(panel).getByRole('link', { name: 'how we handle legal complaints' })).toHaveAttribute('href', '/about/reviews')
  })

  it('invites a Student or Employer without reviews to find a course', async () => {
    renderReviews({ 'POST /api/review/getuserreviews': [] })
    expect(await screen.findByText('You have not reviewed any courses yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Find a course' })).toHaveAttribute('href', '/search')
  })

  it('tells other users that only Students and Employers review', async () => {
    renderReviews({ 'POST /api/review/getuserreviews': [] }, { ...student, userType: 'Parent' })
    expect(await screen.findByText('You have not reviewed any courses yet')).toBeInTheDocument()
    expect(screen.getByText(/Only Students, Graduates and Employers can review courses/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Find a course' })).not.toBeInTheDocument()
  })

  it('says so when the reviews cannot be loaded', async () => {
    renderReviews({ 'POST /api/review/getuserreviews': { status: 500, body: [{ msg: 'Something went wrong' }] } })
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your reviews could not be loaded'))
  })
})
