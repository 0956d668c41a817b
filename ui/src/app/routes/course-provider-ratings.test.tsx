import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { commercialCookery, provider } from '@/testing/catalog-fixtures'
import { student } from '@/testing/render-app'
import { bodiesSent, renderWithApi, type Handlers } from '@/testing/render-with-api'
import { QUESTIONS } from '@/features/reviews/testing/fixtures'

// The course-provider page's ratings (the ratings issue): counts beside every average, the star
// distribution that filters the list, and what reviewers said per question.

const path = `/course/${commercialCookery.slug}/harbour-city-training`
const harbour = provider('Harbour City Training', {
  total: 24,
  student: 20,
  employer: 4,
  ratingStudent: 4.2,
  ratingEmployer: 3,
  // One employer was asked no scored question: three rated employer reviews.
  rated: { total: 23, student: 20, employer: 3 },
})

const details = {
  distribution: { Student: [1, 0, 2, 5, 12], Employer: [0, 1, 0, 2, 0] },
  questions: [
    { question: 'trainersWereKnowledgeable', userType: 'Student', finding: 'say the trainers were knowledgeable', positive: 43, answered: 50 },
    { question: 'howLikelyYouRecommend', userType: 'Student', finding: 'would recommend the provider', positive: 2, answered: 3 },
    { question: 'metYourExpectations', userType: 'Employer', finding: 'say the training met their expectations', positive: 1, answered: 8 },
  ],
  providerQuestions: [
    { question: 'trainersWereKnowledgeable', userType: 'Student', finding: 'say the trainers were knowledgeable', positive: 90, answered: 100 },
  ],
}

const listed = (id: string, score: number | null, userType = 'Student') => ({
  user: { _id: `u-${id}`, name: 'Mia K.', image: '/assets/img/avatars/Student-avatar-1.png', userType },
  review: { _id: id, title: `Review ${id}`, score, comment: 'Fine.', userType, createdAt: '2026-03-07T02:00:00Z', likes: [], dislikes: [], questions: {} },
})

function api(over: Handlers = {}): Handlers {
  return {
    'POST /api/getcoursebyslug': commercialCookery,
    'POST /api/getproviderbyslug': harbour,
    'POST /api/getoverallproviderrating': { totalScore: 8, count: 2, average: 4 },
    'POST /api/getratingdetails': details,
    'POST /api/review/checkifuserreviewed': false,
    'POST /api/getreviewsfor': [listed('r1', 4.5)],
    'POST /api/favourites/getfavourites': [],
    'GET /api/review/questions': (_: unknown, url: URL) => QUESTIONS[url.searchParams.get('userType') as 'Student' | 'Employer'],
    ...over,
  }
}

const ratings = async () => (await screen.findByRole('heading', { name: 'Ratings' })).closest('section') as HTMLElement
const detailsSection = async () => (await screen.findByRole('heading', { name: 'How reviewers rated this course' })).closest('section') as HTMLElement

describe('Course-provider ratings', { timeout: 30_000 }, () => {
  it("gives every average its count of rated reviews, and 'based on N reviews' under 3", async () => {
    const { fetchMock } = renderWithApi(path, api(), student)
    const section = await ratings()
    const counts = () => within(section).getAllByTestId('rated-count').map((c) => c.textContent)
    await waitFor(() => expect(counts()).toEqual(['Reviews: 20', 'Reviews: 3', 'Reviews: 23', 'based on 2 reviews']))
    await waitFor(() => expect(bodiesSent(fetchMock, '/api/getratingdetails')).toEqual([{ courseId: '16', providerId: harbour._id }]))
  })

  it('draws the distribution by reviewer type, each bar reading its stars and count', async () => {
    renderWithApi(path, api(), student)
    const section = await detailsSection()
    const students = await within(section).findByRole('list', { name: 'Star ratings by students' })
    expect(within(students).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '5 stars: 12 reviews',
      '4 stars: 5 reviews',
      '3 stars: 2 reviews',
      '2 stars: 0 reviews',
      '1 star: 1 review',
    ])
    expect(within(students).getByRole('button', { name: '2 stars: 0 reviews' })).toBeDisabled()
    const employers = within(section).getByRole('list', { name: 'Star ratings by employers' })
    expect(within(employers).getByRole('button', { name: '4 stars: 2 reviews' })).toBeEnabled()
    expect(section).toHaveTextContent('20 rated reviews')
    expect(section).toHaveTextContent('3 rated reviews')
  })

  it('filters the list by a bar (stars and reviewer type), with a chip that clears it', async () => {
    const { fetchMock } = renderWithApi(path, api(), student)
    const section = await detailsSection()
    const students = await within(section).findByRole('list', { name: 'Star ratings by students' })
    await userEvent.click(within(students).getByRole('button', { name: '4 stars: 5 reviews' }))

    expect(await screen.findByText('Showing 4-star reviews by students')).toBeInTheDocument()
    expect(within(students).getByRole('button', { name: '4 stars: 5 reviews' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('User type')).toHaveValue('Student')
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/getreviewsfor').at(-1)).toEqual({
        courseId: '16',
        providerId: harbour._id,
        sort: 'Most Recent',
        userType: 'Student',
        stars: 4,
        page: 1,
      }),
    )

    const employers = within(section).getByRole('list', { name: 'Star ratings by employers' })
    await userEvent.click(within(employers).getByRole('button', { name: '2 stars: 1 review' }))
    expect(await screen.findByText('Showing 2-star reviews by employers')).toBeInTheDocument()
    await waitFor(() => expect(bodiesSent(fetchMock, '/api/getreviewsfor').at(-1)).toMatchObject({ userType: 'Employer', stars: 2 }))

    await userEvent.click(screen.getByRole('button', { name: 'Clear the star filter' }))
    expect(screen.queryByText(/Showing \d-star reviews/)).not.toBeInTheDocument()
    expect(screen.getByLabelText('User type')).toHaveValue('All')
    await waitFor(() => {
      const last = bodiesSent(fetchMock, '/api/getreviewsfor').at(-1) as Record<string, unknown>
      expect(last).toMatchObject({ userType: 'All' })
      expect(last).not.toHaveProperty('stars')
    })
  })

  it('lists what reviewers said, per group, as whole percentages with their counts', async () => {
    renderWithApi(path, api(), student)
    const section = await detailsSection()
    const said = await within(section).findByRole('list', { name: 'What students said' })
    expect(within(said).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '86% of students say the trainers were knowledgeable (43 of 50)',
      '67% of students would recommend the provider (2 of 3)',
    ])
    expect(within(section).getByRole('list', { name: 'What employers said' })).toHaveTextContent(
      '13% of employers say the training met their expectations (1 of 8)',
    )
    // Beside the provider's overall rating: the same across all its courses.
    const across = within(await ratings()).getByRole('heading', { name: 'Across all courses at this provider' }).parentElement as HTMLElement
    expect(across).toHaveTextContent('90% of students say the trainers were knowledgeable (90 of 100)')
  })

  it('says when the shares will show while no question has 5 answers', async () => {
    renderWithApi(path, api({ 'POST /api/getratingdetails': { ...details, questions: [], providerQuestions: [] } }), student)
    const section = await detailsSection()
    expect(await within(section).findByText('Shown once 5 reviewers have answered a question.')).toBeInTheDocument()
    expect(within(section).queryByRole('list', { name: /What .* said/ })).not.toBeInTheDocument()
    expect(within(await ratings()).getByText('Shown once 5 reviewers have answered a question.')).toBeInTheDocument()
  })

  it("shows 'No rating' for a review without a score, stars for the others", async () => {
    renderWithApi(path, api({ 'POST /api/getreviewsfor': [listed('r1', null, 'Employer'), listed('r2', 4.5)] }), student)
    const list = await screen.findByRole('list', { name: 'Reviews' })
    const [unrated, rated] = within(list).getAllByRole('article')
    expect(within(unrated).getByText('No rating')).toBeInTheDocument()
    expect(within(unrated).queryByRole('img', { name: /out of 5 stars/ })).not.toBeInTheDocument()
    expect(within(rated).getByRole('img', { name: '4.5 out of 5 stars' })).toBeInTheDocument()
  })

  it('offers to try again when the rating details fail to load', async () => {
    let calls = 0
    renderWithApi(path, api({ 'POST /api/getratingdetails': () => (++calls === 1 ? { status: 500, body: [{ msg: 'Down' }] } : details) }), student)
    const section = await detailsSection()
    await userEvent.click(await within(section).findByRole('button', { name: 'Try again' }))
    expect(await within(section).findByRole('list', { name: 'Star ratings by students' })).toBeInTheDocument()
  })
})
