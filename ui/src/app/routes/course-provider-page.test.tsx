import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { User } from '@/lib/auth/get-userinfo'
import { commercialCookery, provider } from '@/testing/catalog-fixtures'
import { student } from '@/testing/render-app'
import { answer, bodiesSent, renderWithApi, type Handlers } from '@/testing/render-with-api'
import { QUESTIONS } from '@/features/reviews/testing/fixtures'

const path = `/course/${commercialCookery.slug}/harbour-city-training`
const harbour = {
  ...provider('Harbour City Training', { total: 2, student: 1, employer: 1, ratingStudent: 3.5, ratingEmployer: 4 }),
  location: { ...provider('Harbour City Training').location, description: '<p>A training kitchen in the city.</p>' },
}
const employer: User = { ...student, _id: '3', firstName: 'Jordan', userType: 'Employer' }
const parent: User = { ...student, _id: '4', firstName: 'Robin', userType: 'Parent' }
const other: User = { ...student, _id: '5', firstName: 'Kim', userType: 'Other' }

const long = 'The trainers knew the industry well and the placement was a real kitchen. '.repeat(4)
const listed = (id: string, name: string, over: Record<string, unknown> = {}) => ({
  user: { _id: `u-${id}`, name, image: '/assets/img/avatars/Student-avatar-1.png', userType: 'Student' },
  review: {
    _id: id,
    title: `Review ${id}`,
    score: 3.5,
    comment: long,
    userType: 'Student',
    createdAt: '2026-03-07T02:00:00Z',
    likes: [],
    dislikes: [],
    questions: { completedCourse: 'Yes', completedCourseIn: { month: '06', year: '2025' } },
    ...over,
  },
})

function api(over: Handlers = {}): Handlers {
  return {
    'POST /api/getcoursebyslug': commercialCookery,
    'POST /api/getproviderbyslug': harbour,
    'POST /api/getoverallproviderrating': { totalScore: 22.5, count: 6, average: 3.75 },
    'POST /api/getratingdetails': { distribution: { Student: [0, 0, 1, 0, 0], Employer: [0, 0, 0, 1, 0] }, questions: [], providerQuestions: [] },
    'POST /api/review/checkifuserreviewed': false,
    'POST /api/getreviewsfor': [],
    'POST /api/favourites/getfavourites': [],
    'GET /api/review/questions': (_: unknown, url: URL) => QUESTIONS[url.searchParams.get('userType') as 'Student' | 'Employer'],
    ...over,
  }
}

const leaveButton = () => screen.findByRole('button', { name: 'Leave a review' })

describe('Course-provider page', { timeout: 30_000 }, () => {
  it('shows the pair, its ratings and is titled provider | course', async () => {
    const { fetchMock } = renderWithApi(path, api(), student)
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour City Training' })).toBeInTheDocument()
    expect(screen.getByText('SIT30821')).toBeInTheDocument()
    expect(screen.getByText('Example provider')).toBeInTheDocument()
    expect(screen.getByTestId('review-count')).toHaveTextContent('2 reviews')
    expect(screen.getByRole('link', { name: /Provider website/ })).toHaveAttribute('href', 'https://harbour-city-training.example')
    expect(screen.getByRole('img', { name: 'Student or Graduate rating: 3.5 out of 5' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Employer rating: 4 out of 5' })).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: 'Provider (all courses) rating: 3.8 out of 5' })).toBeInTheDocument()
    expect(screen.getByText('A training kitchen in the city.')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Harbour City Training | Certificate III in Commercial Cookery'))
    expect(bodiesSent(fetchMock, '/api/getproviderbyslug')).toEqual([{ providerSlug: 'harbour-city-training', courseId: '16' }])
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/review/checkifuserreviewed')).toEqual([{ userId: '1', courseId: '16', providerId: harbour._id }]),
    )
  })

  it('invites a Student who has not reviewed: enabled button and the empty-list sentences', async () => {
    renderWithApi(path, api(), student)
    await waitFor(async () => expect(await leaveButton()).toBeEnabled())
    expect(await screen.findByText('No approved reviews found.')).toBeInTheDocument()
    expect(screen.getByText('Be the first to review!')).toBeInTheDocument()
    expect(screen.getByText('Leave a review using the button above.')).toBeInTheDocument()
  })

  it('tells a reviewer who has already reviewed, on click, and does not invite them', async () => {
    renderWithApi(path, api({ 'POST /api/review/checkifuserreviewed': true }), employer)
    const button = await leaveButton()
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'))
    await userEvent.click(button)
    expect(await screen.findByText("You have already reviewed this course. You'll be notified when your review is live!")).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await screen.findByText('No approved reviews found.')).toBeInTheDocument()
    expect(screen.queryByText('Be the first to review!')).not.toBeInTheDocument()
  })

  it.each([
    ['Parent', parent, '* As a Parent user, you do not have the ability to leave a review.'],
    ['Other', other, '* As an Other user, you do not have the ability to leave a review.'],
  ])('does not let a %s user review', async (_type, user, sentence) => {
    const { fetchMock } = renderWithApi(path, api(), user)
    expect(await screen.findByText(sentence)).toBeInTheDocument()
    expect(await leaveButton()).toBeDisabled()
    expect(await screen.findByText('No approved reviews found.')).toBeInTheDocument()
    expect(screen.queryByText('Be the first to review!')).not.toBeInTheDocument()
    expect(bodiesSent(fetchMock, '/api/review/checkifuserreviewed')).toEqual([])
  })

  it('expands one comment at a time and renders text, never HTML', async () => {
    renderWithApi(path, api({ 'POST /api/getreviewsfor': [listed('r1', 'Mia K.', { title: '<b>bold</b>' }), listed('r2', 'Jane D.')] }), student)
    const list = await screen.findByRole('list', { name: 'Reviews' })
    expect(within(list).getByRole('heading', { name: '<b>bold</b>' })).toBeInTheDocument()
    expect(within(list).getAllByText('posted 07.03.26')).toHaveLength(2)
    const [first, second] = within(list).getAllByRole('button', { name: 'Read more' })
    await userEvent.click(first)
    expect(first).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(second)
    expect(second).toHaveAttribute('aria-expanded', 'true')
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(within(list).getAllByRole('button', { name: 'Read less' })).toHaveLength(1)
  })

  it("labels an incentivised review, and only that one, 'Incentivised review'", async () => {
    renderWithApi(path, api({ 'POST /api/getreviewsfor': [listed('r1', 'Mia K.', { incentivised: true }), listed('r2', 'Jane D.')] }), student)
    const list = await screen.findByRole('list', { name: 'Reviews' })
    const [paid, unpaid] = within(list).getAllByRole('article')
    expect(within(paid!).getByText('Incentivised review')).toBeInTheDocument()
    expect(within(unpaid!).queryByText('Incentivised review')).not.toBeInTheDocument()
  })

  it("labels an invited review 'Invited by the provider' and gives the invited share with the period attested", async () => {
    renderWithApi(
      path,
      api({
        'POST /api/getreviewsfor': [listed('r1', 'Mia K.', { invited: true }), listed('r2', 'Jane D.')],
        [`GET /api/offering-invitations/16/${harbour._id}`]: { reviews: 2, invited: 1, percent: 50, periods: [{ from: '2025-01', to: '2025-06' }] },
      }),
      student,
    )
    const list = await screen.findByRole('list', { name: 'Reviews' })
    const [invited, other] = within(list).getAllByRole('article')
    expect(within(invited!).getByText('Invited by the provider')).toBeInTheDocument()
    expect(within(other!).queryByText('Invited by the provider')).not.toBeInTheDocument()
    expect(await screen.findByTestId('invited-share')).toHaveTextContent("1 of 2 reviews (50%) came from the provider's invitations")
    expect(screen.getByTestId('invited-share')).toHaveTextContent('January 2025 to June 2025')
  })

  it('shows the answers on request, month-year as MM/YYYY', async () => {
    renderWithApi(path, api({ 'POST /api/getreviewsfor': [listed('r1', 'Mia K.')] }), student)
    await userEvent.click(await screen.findByRole('button', { name: 'Show answers' }))
    expect(await screen.findByText('When did you finish the course?')).toBeInTheDocument()
    expect(screen.getByText('06/2025')).toBeInTheDocument()
  })

  it('likes a review, removes a like, and reloads the list', async () => {
    let likes: string[] = []
    const { fetchMock } = renderWithApi(
      path,
      api({
        'POST /api/getreviewsfor': () => [listed('r1', 'Mia K.', { likes })],
        'POST /api/likeordislikereview': (body: { action: string }) => {
          likes = body.action === 'like' ? ['1'] : []
          return { _id: 'r1', likes, dislikes: [] }
        },
      }),
      student,
    )
    const like = await screen.findByRole('button', { name: 'Like (0)' })
    expect(like).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(like)
    const liked = await screen.findByRole('button', { name: 'Like (1)' })
    expect(liked).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(liked)
    await screen.findByRole('button', { name: 'Like (0)' })
    expect(bodiesSent(fetchMock, '/api/likeordislikereview')).toEqual([
      { action: 'like', reviewId: 'r1', userId: '1' },
      { action: 'removelike', reviewId: 'r1', userId: '1' },
    ])
  })

  it('sorts and filters, and pages by the counts of the chosen type', async () => {
    const many = { ...harbour, reviewCount: { total: 45, student: 30, employer: 15 } }
    const { fetchMock } = renderWithApi(path, api({ 'POST /api/getproviderbyslug': many, 'POST /api/getreviewsfor': [listed('r1', 'Mia K.')] }), student)
    await screen.findByRole('list', { name: 'Reviews' })
    const pager = screen.getByRole('navigation', { name: 'Review pages' })
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeInTheDocument()
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }))
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Top Rated')
    await userEvent.selectOptions(screen.getByLabelText('User type'), 'Employer')
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Review pages' })).not.toBeInTheDocument())
    const sent = bodiesSent(fetchMock, '/api/getreviewsfor') as { sort: string; userType: string; page: number }[]
    expect(sent.map((b) => [b.sort, b.userType, b.page])).toEqual([
      ['Most Recent', 'All', 1],
      ['Most Recent', 'All', 2],
      ['Top Rated', 'All', 1],
      ['Top Rated', 'Employer', 1],
    ])
  })

  it('adds the pair to the favourites and says so', async () => {
    const { fetchMock } = renderWithApi(path, api({ 'POST /api/addorremovefavourite': { msg: 'Added to favourites', hasFavourites: true } }), student)
    const favourite = await screen.findByRole('button', { name: 'Favourite' })
    await waitFor(() => expect(favourite).toBeEnabled())
    await userEvent.click(favourite)
    expect(await screen.findByText('Added to favourites')).toBeInTheDocument()
    expect(bodiesSent(fetchMock, '/api/addorremovefavourite')).toEqual([
      { action: 'add', userId: '1', courseId: '16', providerId: harbour._id },
    ])
  })
})

describe('Leave-review overlay', { timeout: 30_000 }, () => {
  async function openOverlay() {
    const button = await leaveButton()
    await waitFor(() => expect(button).toBeEnabled())
    await userEvent.click(button)
    return screen.findByRole('dialog')
  }

  it('reveals the questions from the title, previews the stars, shows server errors, then the success screen', async () => {
    let attempts = 0
    const { fetchMock } = renderWithApi(
      path,
      api({
        'POST /api/submitreview': () =>
          ++attempts === 1
            ? answer(400, [{ msg: 'Profanity in review title is not allowed', param: 'title' }])
            : answer(201, { _id: 'new', score: 2.5, msg: "Thank you for your review! You'll be notified when your review is live." }),
      }),
      employer,
    )
    const dialog = await openOverlay()
    expect(within(dialog).getByText('SIT30821')).toBeInTheDocument()
    expect(within(dialog).queryByRole('group')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('img', { name: '0 out of 5 stars' })).toBeInTheDocument()

    await userEvent.type(within(dialog).getByLabelText('Review title'), 'Good apprentices')
    expect(within(dialog).getByText('16/80')).toBeInTheDocument()
    const first = await within(dialog).findByRole('group', { name: 'Did your employee(s) complete the course?' })
    // No scored question answered yet: no rating.
    expect(within(dialog).getByRole('img', { name: '0 out of 5 stars' })).toBeInTheDocument()
    expect(within(dialog).getByText('No rating yet')).toBeInTheDocument()
    await userEvent.click(within(first).getByRole('radio', { name: 'Yes' }))
    const pick = async (question: string, choice: string) =>
      userEvent.click(within(await within(dialog).findByRole('group', { name: question })).getByRole('radio', { name: choice }))
    await pick("The course was beneficial to my employee's job role.", 'Agree')
    await pick('The work-based training was beneficial.', 'Agree')
    expect(within(dialog).queryByRole('group', { name: /discuss your business/ })).not.toBeInTheDocument()
    await pick('Overall, the training met my expectations.', 'Agree')
    await pick('How likely are you to use this training provider again?', 'Likely')
    // 12 of the 16 these four questions could give = 3.75 stars: three and a half.
    expect(within(dialog).getByRole('img', { name: '3.5 out of 5 stars' })).toBeInTheDocument()

    await userEvent.type(within(dialog).getByLabelText('Your comment'), 'Well run.')
    expect(within(dialog).getByText('9/500')).toBeInTheDocument()
    // The disclosure is required: without it nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }))
    expect(await within(dialog).findByText('Please say whether you received payment, a gift or a discount for this review')).toBeInTheDocument()
    expect(bodiesSent(fetchMock, '/api/submitreview')).toHaveLength(0)
    await pick('Did you receive payment, a gift or a discount for this review?', 'No')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }))
    expect(await within(dialog).findByText('Profanity in review title is not allowed')).toBeInTheDocument()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }))
    expect(await within(dialog).findByText("Thank you for your review! You'll be notified when your review is live.")).toBeInTheDocument()
    expect(within(dialog).getByRole('img', { name: '2.5 out of 5 stars' })).toBeInTheDocument()
    expect(bodiesSent(fetchMock, '/api/submitreview')[1]).toEqual({
      userType: 'Employer',
      user: '3',
      provider: harbour._id,
      course: '16',
      score: 3.5,
      title: 'Good apprentices',
      comment: 'Well run.',
      completedCourse: 'Yes',
      courseWasBeneficialToJobRole: 'Agree',
      workExperienceWasBeneficial: 'Agree',
      metYourExpectations: 'Agree',
      howLikelyYouUseThisTrainingProvider: 'Likely',
      incentivised: false,
    })
  })

  it("names what is missing: the title, then the first open question", async () => {
    renderWithApi(path, api(), student)
    const dialog = await openOverlay()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }))
    expect(await within(dialog).findByText('Review title is required')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText('Review title'), 'x'.repeat(81))
    expect(within(dialog).getByText('Review title must not be longer than 80 characters')).toBeInTheDocument()
    await userEvent.clear(within(dialog).getByLabelText('Review title'))
    await userEvent.type(within(dialog).getByLabelText('Review title'), 'Fine')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }))
    expect(await within(dialog).findByText('Please answer: Did you complete the course?')).toBeInTheDocument()
  })

  it('keeps the draft when closed with the button, clears it after a backdrop click', async () => {
    renderWithApi(path, api(), student)
    let dialog = await openOverlay()
    await userEvent.type(within(dialog).getByLabelText('Review title'), 'Keep me')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    dialog = await openOverlay()
    expect(within(dialog).getByLabelText('Review title')).toHaveValue('Keep me')
    await userEvent.click(screen.getByTestId('review-overlay'))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await new Promise((r) => setTimeout(r, 600))
    dialog = await openOverlay()
    expect(within(dialog).getByLabelText('Review title')).toHaveValue('')
  })
})
