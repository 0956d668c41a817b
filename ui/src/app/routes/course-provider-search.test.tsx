import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { commercialCookery, provider } from '@/testing/catalog-fixtures'
import { student } from '@/testing/render-app'
import { answer, bodiesSent, renderWithApi, type Handlers } from '@/testing/render-with-api'
import { QUESTIONS } from '@/features/reviews/testing/fixtures'

// Search inside the reviews (issue 29 point 4): the box over the pair's reviews, the server's
// matches in <mark>, a review's own markup kept as text, the count, the empty state, and the
// search kept with the sort.

const path = `/course/${commercialCookery.slug}/harbour-city-training`
const harbour = provider('Harbour City Training', { total: 3, student: 3, employer: 0, ratingStudent: 4, ratingEmployer: 0 })

const seg = (text: string, match = false) => ({ text, match })
const listed = (id: string, title: string, comment: string, highlight?: unknown) => ({
  user: { _id: `u-${id}`, name: 'Mia K.', image: '/assets/img/avatars/Student-avatar-1.png', userType: 'Student' },
  review: { _id: id, title, score: 4, comment, userType: 'Student', createdAt: '2026-03-07T02:00:00Z', likes: [], dislikes: [], questions: {}, highlight },
})

const all = [listed('r1', 'Café placement', 'The café was great.'), listed('r2', 'Slow admin', 'Forms went missing.')]
const cafe = listed('r1', 'Café placement <b>bold</b>', 'The <i>café</i> was great.', {
  title: [seg('Café', true), seg(' placement <b>bold</b>')],
  comment: [seg('The <i>'), seg('café', true), seg('</i> was great.')],
})

function api(over: Handlers = {}): Handlers {
  return {
    'POST /api/getcoursebyslug': commercialCookery,
    'POST /api/getproviderbyslug': harbour,
    'POST /api/getoverallproviderrating': { totalScore: 8, count: 2, average: 4 },
    'POST /api/getratingdetails': { distribution: { Student: [0, 0, 0, 3, 0], Employer: [0, 0, 0, 0, 0] }, questions: [], providerQuestions: [] },
    'POST /api/review/checkifuserreviewed': false,
    'POST /api/getreviewsfor': (body: { search?: string }) =>
      !body.search ? all : body.search === 'cafe' ? answer(200, [cafe], { 'X-Total-Count': '1' }) : answer(200, [], { 'X-Total-Count': '0' }),
    'POST /api/favourites/getfavourites': [],
    'GET /api/review/questions': (_: unknown, url: URL) => QUESTIONS[url.searchParams.get('userType') as 'Student' | 'Employer'],
    ...over,
  }
}

const reviewsSection = async () => (await screen.findByRole('heading', { name: 'Reviews' })).closest('section') as HTMLElement

describe('Searching the reviews', { timeout: 30_000 }, () => {
  it('marks the matches the server found and keeps a review’s markup as text', async () => {
    const { fetchMock } = renderWithApi(path, api(), student)
    const section = await reviewsSection()
    await within(section).findByText('Slow admin')
    const box = within(section).getByRole('searchbox', { name: 'Search the reviews' })
    await userEvent.type(box, 'cafe{Enter}')

    await waitFor(() => expect(within(section).getByText('1 review matches “cafe”')).toBeInTheDocument())
    const card = within(section).getByRole('article')
    expect([...card.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Café', 'café'])
    // The review's own tags are text, never elements.
    expect(card.querySelector('b, i')).toBeNull()
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('Café placement <b>bold</b>')
    expect(bodiesSent(fetchMock, '/api/getreviewsfor').at(-1)).toMatchObject({ search: 'cafe', sort: 'Most Recent', page: 1 })

    // The sort keeps the search.
    await userEvent.selectOptions(within(section).getByLabelText('Sort by'), 'Most Helpful')
    await waitFor(() => expect(bodiesSent(fetchMock, '/api/getreviewsfor').at(-1)).toMatchObject({ search: 'cafe', sort: 'Most Helpful' }))

    // A bar of the distribution adds its star filter to the search.
    const students = await screen.findByRole('list', { name: 'Star ratings by students' })
    await userEvent.click(within(students).getByRole('button', { name: '4 stars: 3 reviews' }))
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/getreviewsfor').at(-1)).toMatchObject({ search: 'cafe', sort: 'Most Helpful', userType: 'Student', stars: 4, page: 1 }),
    )
    expect(within(section).getByText('Showing 4-star reviews by students')).toBeInTheDocument()
  })

  it('waits for 3 letters, says when nothing matches, and clears', async () => {
    const { fetchMock } = renderWithApi(path, api(), student)
    const section = await reviewsSection()
    await within(section).findByText('Slow admin')
    const box = within(section).getByRole('searchbox', { name: 'Search the reviews' })

    await userEvent.type(box, 'ca{Enter}')
    expect(within(section).getByText('Type at least 3 letters or numbers to search.')).toBeInTheDocument()
    expect(bodiesSent(fetchMock, '/api/getreviewsfor').every((body) => !(body as { search?: string }).search)).toBe(true)

    await userEvent.clear(box)
    await userEvent.type(box, 'zzz{Enter}')
    expect(await within(section).findByText('No reviews match “zzz”.')).toBeInTheDocument()
    expect(within(section).getByText('0 reviews match “zzz”')).toBeInTheDocument()

    await userEvent.click(within(section).getByRole('button', { name: 'Clear the search' }))
    expect(box).toHaveValue('')
    expect(await within(section).findByText('Slow admin')).toBeInTheDocument()

    // Escape clears too; the debounce searches without Enter.
    await userEvent.type(box, 'cafe')
    expect(await within(section).findByText('1 review matches “cafe”', {}, { timeout: 3000 })).toBeInTheDocument()
    await userEvent.type(box, '{Escape}')
    expect(box).toHaveValue('')
    expect(await within(section).findByText('Slow admin')).toBeInTheDocument()
  })
})
