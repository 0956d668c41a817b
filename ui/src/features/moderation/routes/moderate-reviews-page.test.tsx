import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Question } from '@/lib/reviews/get-questions'
import { admin } from '@/testing/render-app'
import { fakeApi, renderPage, reply, sentTo, type ApiHandler } from '@/testing/render-page'
import type { ModerationReview } from '../api/pull-reviews'
// The page inside the admin area, as an admin sees it: heading, menu and count included.
import AdminArea from '@/app/admin/admin-area'

function review(n: number, overrides: Partial<ModerationReview> = {}): ModerationReview {
  return {
    _id: `r${n}`,
    user: { _id: `u${n}`, firstName: 'jess', lastName: 'Nguyen', email: `jess${n}@example.com`, avatar: 2, profileImage: null },
    userType: 'Student',
    score: 3.5,
    createdAt: new Date(2026, 2, 7, 12).toISOString(),
    provider: { _id: 'p1', name: 'Coastal Skills Institute', slug: 'coastal-skills-institute' },
    course: { _id: 'c1', courseCode: 'SIT30821', name: 'Certificate III in Commercial Cookery', slug: 'certificate-iii-in-commercial-cookery' },
    title: `Review number ${n}`,
    comment: 'Great trainers and a real kitchen.',
    questions: { completedCourse: 'No', completedHalfCourse: 'No', notCompletedBecause: 'Other', notCompletedBecauseOther: 'Moved interstate' },
    actioned: false,
    approved: false,
    refusal: null,
    incentivised: false,
    invited: false,
    signals: [],
    ...overrides,
  }
}

const reasons = [
  { key: 'offensive', label: 'Offensive', needsText: false },
  { key: 'personal-information', label: 'Personal information', needsText: false },
  { key: 'off-topic', label: 'Not about this course and provider', needsText: false },
  { key: 'not-genuine', label: 'Not a genuine experience', needsText: false },
  { key: 'other', label: 'Other', needsText: true },
]

const questions: Question[] = [
  {
    slug: 'completedCourse',
    label: 'Completed the course',
    question: 'Did you complete the course?',
    smallText: null,
    points: false,
    answersType: 'trueFalse',
    answers: [
      { answer: 'Yes', points: 0 },
      { answer: 'No', points: 0 },
    ],
    subQuestion: null,
    optional: false,
  },
  {
    slug: 'notCompletedBecause',
    label: 'Reason',
    question: "Why didn't you complete the course?",
    smallText: null,
    points: false,
    answersType: 'multichoice',
    answers: [{ answer: 'Other', points: 0 }],
    subQuestion: { type: 'textField', slug: 'notCompletedBecauseOther', label: 'Other reason', placeholder: null, showFor: 'Other' },
    optional: false,
  },
]

/** One page of reviews with the X-Total-Count header. */
const pageOf = (reviews: ModerationReview[], total = reviews.length) => reply(200, reviews, { 'X-Total-Count': String(total) })

function renderModeration(handlers: Record<string, ApiHandler>) {
  const fetchMock = fakeApi(
    {
      'GET /api/review/getunactioned': 3,
      'GET /api/review/reported': reply(200, [], { 'X-Total-Count': '1' }),
      'GET /api/review/questions': questions,
      ...handlers,
    },
    admin,
  )
  const view = renderPage(<AdminArea />, { path: '/admin' })
  return { fetchMock, ...view }
}

const pulled = (fetchMock: ReturnType<typeof fakeApi>) => sentTo(fetchMock, '/api/review/pullreviews')
const lastPulled = (fetchMock: ReturnType<typeof fakeApi>) => pulled(fetchMock).at(-1)

describe('Moderate Reviews', () => {
  it('asks for the unactioned queue, oldest first, on page 1', async () => {
    const { fetchMock } = renderModeration({ 'POST /api/review/pullreviews': pageOf([review(1)]) })
    expect(screen.getByRole('heading', { level: 1, name: 'Moderate Reviews' })).toBeInTheDocument()
    await screen.findByRole('heading', { name: 'Review number 1' })
    expect(pulled(fetchMock)).toEqual([
      { actioned: false, approved: false, sort: 'Oldest', userType: 'All', searchBy: 'Course Name', searchText: '', flagged: false, page: 1 },
    ])
  })

  it('shows the unactioned reviews and open reports in the side menu, and the reports on their tab', async () => {
    renderModeration({ 'POST /api/review/pullreviews': pageOf([]) })
    const menu = screen.getByRole('navigation', { name: 'Admin' })
    const link = within(menu).getByRole('link', { name: /^Moderate Reviews/ })
    await waitFor(() => expect(link).toHaveAccessibleName('Moderate Reviews, 4 waiting'))
    expect(await screen.findByRole('button', { name: 'Reported, 1 open' })).toHaveAttribute('aria-pressed', 'false')
    expect(within(menu).getByRole('button', { name: 'Export CSV' })).toBeEnabled()
    expect(within(menu).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/search-user')
    expect(within(menu).getByRole('link', { name: 'Promotion Strip' })).toHaveAttribute('href', '/admin/promo-strip')
    expect(within(menu).getByRole('link', { name: 'Edit Content' })).toHaveAttribute('href', '/admin/edit-content')
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeEnabled()
  })

  it('sets approved to null for Actioned and false for Unactioned, with the decision radios only when Actioned', async () => {
    const user = userEvent.setup()
    const { fetchMock } = renderModeration({ 'POST /api/review/pullreviews': pageOf([]) })
    await screen.findByText('No reviews found')
    expect(screen.getByRole('radio', { name: 'Unactioned' })).toBeChecked()
    expect(screen.queryByRole('radio', { name: 'Approved' })).not.toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: 'Disapproved' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'Actioned' }))
    await waitFor(() => expect(lastPulled(fetchMock)).toMatchObject({ actioned: true, approved: null, page: 1 }))
    expect(screen.getByRole('radio', { name: 'Both' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Approved' })).not.toBeChecked()

    await user.click(screen.getByRole('radio', { name: 'Approved' }))
    await waitFor(() => expect(lastPulled(fetchMock)).toMatchObject({ actioned: true, approved: true }))
    await user.click(screen.getByRole('radio', { name: 'Disapproved' }))
    await waitFor(() => expect(lastPulled(fetchMock)).toMatchObject({ actioned: true, approved: false }))

    await user.click(screen.getByRole('radio', { name: 'Unactioned' }))
    // Back to the very first query (a cached answer); the radios go.
    expect(screen.queryByRole('radio', { name: 'Approved' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Actioned' }))
    expect(screen.getByRole('radio', { name: 'Both' })).toBeChecked()
  })

  it("keeps the previous filter's cards in view, but not to be decided on, while the next load", async () => {
    const user = userEvent.setup()
    let release = () => {}
    const nextPage = new Promise<void>((resolve) => (release = resolve))
    let calls = 0
    renderModeration({
      'POST /api/review/pullreviews': async () => {
        calls += 1
        if (calls > 1) await nextPage
        return pageOf([review(1)])
      },
    })
    const cards = (await screen.findByRole('heading', { name: 'Review number 1' })).closest('[aria-busy]')
    expect(cards).not.toHaveAttribute('inert')

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Latest')
    await waitFor(() => expect(cards).toHaveAttribute('aria-busy', 'true'))
    expect(cards).toHaveAttribute('inert')

    release()
    await waitFor(() => expect(cards).toHaveAttribute('aria-busy', 'false'))
    expect(cards).not.toHaveAttribute('inert')
  })

  it('sends the user type, sort and search (on Enter and on the button)', async () => {
    const user = userEvent.setup()
    const { fetchMock } = renderModeration({ 'POST /api/review/pullreviews': pageOf([]) })
    await screen.findByText('No reviews found')

    await user.selectOptions(screen.getByLabelText('User type'), 'Student or Graduate')
    await waitFor(() => expect(lastPulled(fetchMock)).toMatchObject({ userType: 'Student' }))
    await user.selectOptions(screen.getByLabelText('User type'), 'Employer')
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Latest')
    await waitFor(() => expect(lastPulled(fetchMock)).toMatchObject({ userType: 'Employer', sort: 'Latest' }))

    expect(screen.getByLabelText('Search in')).toHaveValue('Course Name')
    const calls = pulled(fetchMock).length
    await user.selectOptions(screen.getByLabelText('Search in'), 'User Name')
    await user.type(screen.getByLabelText('Search text'), 'Nguyen')
    expect(pulled(fetchMock)).toHaveLength(calls) // nothing until Enter or the button
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(lastPulled(fetchMock)).toEqual({
        actioned: false,
        approved: false,
        sort: 'Latest',
        userType: 'Employer',
        searchBy: 'User Name',
        searchText: 'Nguyen',
        flagged: false,
        page: 1,
      }),
    )

    await user.selectOptions(screen.getByLabelText('Search in'), 'Review Title')
    await user.clear(screen.getByLabelText('Search text'))
    await user.type(screen.getByLabelText('Search text'), 'kitchen')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(lastPulled(fetchMock)).toMatchObject({ searchBy: 'Review Title', searchText: 'kitchen' }))
  })

  it("asks for the flagged reviews with 'Flagged' and shows each signal in plain words", async () => {
    const user = userEvent.setup()
    const flagged = review(1, {
      signals: [
        { signal: 'cluster', text: 'Cluster: 3 reviews of this provider in 7 days came from one network.' },
        { signal: 'fresh-account', text: 'Fresh account: created 2 hours before its first review, with no other activity.' },
      ],
    })
    const { fetchMock } = renderModeration({ 'POST /api/review/pullreviews': pageOf([flagged, review(2)]) })
    await screen.findByRole('heading', { name: 'Review number 1' })
    await user.click(screen.getByRole('checkbox', { name: 'Flagged' }))
    await waitFor(() => expect(lastPulled(fetchMock)).toMatchObject({ flagged: true, page: 1 }))
    const card = screen.getByRole('article', { name: 'Review number 1' })
    const signals = within(card).getByTestId('signals')
    expect(signals).toHaveTextContent('Flagged: 2 signals to weigh, not a verdict')
    expect(within(signals).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Cluster: 3 reviews of this provider in 7 days came from one network.',
      'Fresh account: created 2 hours before its first review, with no other activity.',
    ])
    expect(within(screen.getByRole('article', { name: 'Review number 2' })).queryByTestId('signals')).not.toBeInTheDocument()
  })

  it("says 'No reviews found' when nothing matches", async () => {
    renderModeration({ 'POST /api/review/pullreviews': pageOf([], 0) })
    expect(await screen.findByText('No reviews found')).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })

  it('shows no pager for 10 reviews', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => review(i + 1))
    renderModeration({ 'POST /api/review/pullreviews': pageOf(ten, 10) })
    expect(await screen.findAllByRole('article')).toHaveLength(10)
    expect(screen.getByText('10 reviews')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Review pages' })).not.toBeInTheDocument()
  })

  it('pages through more than 10 reviews', async () => {
    const user = userEvent.setup()
    const { fetchMock } = renderModeration({
      'POST /api/review/pullreviews': (body: unknown) => {
        const { page } = body as { page: number }
        const ids = page === 1 ? Array.from({ length: 10 }, (_, i) => i + 1) : [11]
        return pageOf(ids.map((n) => review(n)), 11)
      },
    })
    expect(await screen.findAllByRole('article')).toHaveLength(10)
    expect(screen.getByText('Showing 1–10 of 11 reviews')).toBeInTheDocument()
    const pager = screen.getByRole('navigation', { name: 'Review pages' })
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }))
    expect(await screen.findByRole('heading', { name: 'Review number 11' })).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(1)
    expect(lastPulled(fetchMock)).toMatchObject({ page: 2, actioned: false })
    expect(screen.getByText('Showing 11–11 of 11 reviews')).toBeInTheDocument()
  })

  it('says when a title search found more titles than it reads', async () => {
    renderModeration({
      'POST /api/review/pullreviews': reply(
        200,
        Array.from({ length: 10 }, (_, i) => review(i + 1)),
        { 'X-Total-Count': '876', 'X-Total-Capped': 'true' },
      ),
    })
    expect(await screen.findAllByRole('article')).toHaveLength(10)
    expect(
      screen.getByText(
        'Showing 1–10 of 876 reviews among the newest 1,000 whose title holds the text: more than 1,000 do, so add words to narrow the search.',
      ),
    ).toBeInTheDocument()
  })

  it('draws a card with the reviewer, score, course, text and answers', async () => {
    const user = userEvent.setup()
    renderModeration({ 'POST /api/review/pullreviews': pageOf([review(1)]) })
    const card = await screen.findByRole('article', { name: 'Review number 1' })
    expect(within(card).getByText('J. Nguyen')).toBeInTheDocument()
    expect(within(card).getByText('Student or Graduate')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'jess1@example.com' })).toHaveAttribute('href', 'mailto:jess1@example.com')
    expect(within(card).getByRole('img', { name: '3.5 out of 5 stars' })).toBeInTheDocument()
    expect(within(card).getByText('posted 07.03.26')).toBeInTheDocument()
    expect(within(card).getByRole('img', { name: 'Review score: 3.5 out of 5' })).toHaveAttribute('data-fill', '70')
    expect(within(card).getByText('Coastal Skills Institute')).toBeInTheDocument()
    expect(within(card).getByText('SIT30821')).toBeInTheDocument()
    expect(within(card).getByText(/Certificate III in Commercial Cookery/)).toBeInTheDocument()
    expect(within(card).getByText('Great trainers and a real kitchen.')).toBeInTheDocument()
    const picture = card.querySelector('img')
    expect(picture).toHaveAttribute('src', '/assets/img/avatars/Student-avatar-2.png')

    const toggle = within(card).getByRole('button', { name: 'Show question answers' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(await within(card).findByText('Did you complete the course?')).toBeInTheDocument()
    // The spec's own label for the 'other reason' answer.
    expect(within(card).getByText('Please specify')).toBeInTheDocument()
    expect(within(card).getByText('Moved interstate')).toBeInTheDocument()
  })

  it('approves and disapproves, relabels the buttons and refetches the count', async () => {
    const user = userEvent.setup()
    let unactioned = 3
    const { fetchMock } = renderModeration({
      'POST /api/review/pullreviews': pageOf([review(1), review(2)]),
      'GET /api/review/getunactioned': () => unactioned,
      'GET /api/review/reasons': reasons,
      'POST /api/review/approvedisapprove': (body: unknown) => {
        const { action, id, reason, note } = body as { action: string; id: string; reason?: string; note?: string }
        unactioned -= 1
        const refusal = reason ? { reason, label: reasons.find((r) => r.key === reason)!.label, note: note ?? null } : null
        return { _id: id, actioned: true, approved: action === 'approve', refusal }
      },
    })
    const first = await screen.findByRole('article', { name: 'Review number 1' })
    const second = screen.getByRole('article', { name: 'Review number 2' })
    // The badge counts the one open report on top of the unactioned reviews.
    const menuLink = within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: /^Moderate Reviews/ })
    await waitFor(() => expect(menuLink).toHaveTextContent('4'))

    await user.click(within(first).getByRole('button', { name: 'Approve' }))
    expect(await within(first).findByRole('button', { name: 'Approved' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(first).getByRole('button', { name: 'Disapprove' })).toHaveAttribute('aria-disabled', 'false')
    expect(within(second).getByRole('button', { name: 'Approve' })).toBeInTheDocument()
    await waitFor(() => expect(menuLink).toHaveTextContent('3'))

    await user.click(within(second).getByRole('button', { name: 'Disapprove' }))
    // A 'no' needs a reason first: nothing is sent until one is chosen.
    const dialog = await screen.findByRole('dialog', { name: 'Disapprove review' })
    await user.click(within(dialog).getByRole('button', { name: 'Disapprove' }))
    expect(within(dialog).getByText('Choose a reason')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }))
    await user.click(within(dialog).getByRole('button', { name: 'Disapprove' }))
    expect(within(dialog).getByText('Say what is wrong: a note is required when the reason is Other')).toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/review/approvedisapprove')).toHaveLength(1)
    await user.click(within(dialog).getByRole('radio', { name: 'Personal information' }))
    await user.type(within(dialog).getByLabelText('Note to the author (optional)'), "Names the trainer's phone number")
    await user.click(within(dialog).getByRole('button', { name: 'Disapprove' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await within(second).findByRole('button', { name: 'Disapproved' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(second).getByTestId('refusal')).toHaveTextContent("Reason: Personal information · Names the trainer's phone number")
    expect(within(second).getByRole('button', { name: 'Approve' })).toBeInTheDocument()
    await waitFor(() => expect(menuLink).toHaveTextContent('2'))

    // Clicking the decision already made sends nothing.
    await user.click(within(first).getByRole('button', { name: 'Approved' }))
    expect(sentTo(fetchMock, '/api/review/approvedisapprove')).toEqual([
      { action: 'approve', id: 'r1' },
      { action: 'disapprove', id: 'r2', reason: 'personal-information', note: "Names the trainer's phone number" },
    ])
    expect(sentTo(fetchMock, '/api/review/getunactioned').length).toBeGreaterThanOrEqual(3)
    // The list itself is not reloaded: the cards stay where they are.
    expect(sentTo(fetchMock, '/api/review/pullreviews')).toHaveLength(1)
  })

  it('labels a review that was already decided', async () => {
    renderModeration({
      'POST /api/review/pullreviews': pageOf([
        review(1, { actioned: true, approved: true, userType: 'Employer' }),
        review(2, { actioned: true, approved: false }),
      ]),
    })
    const first = await screen.findByRole('article', { name: 'Review number 1' })
    expect(within(first).getByText('Employer')).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: 'Approved' })).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: 'Disapprove' })).toBeInTheDocument()
    const second = screen.getByRole('article', { name: 'Review number 2' })
    expect(within(second).getByRole('button', { name: 'Approve' })).toBeInTheDocument()
    expect(within(second).getByRole('button', { name: 'Disapproved' })).toBeInTheDocument()
  })

  it('shows the server message when a decision fails', async () => {
    const user = userEvent.setup()
    renderModeration({
      'POST /api/review/pullreviews': pageOf([review(1)]),
      'POST /api/review/approvedisapprove': reply(404, [{ msg: 'Review not found' }]),
    })
    const card = await screen.findByRole('article', { name: 'Review number 1' })
    await user.click(within(card).getByRole('button', { name: 'Approve' }))
    expect(await within(card).findByRole('alert')).toHaveTextContent('Review not found')
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument()
  })
})
