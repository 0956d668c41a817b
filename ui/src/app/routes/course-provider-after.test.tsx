import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { commercialCookery, provider } from '@/testing/catalog-fixtures'
import { student } from '@/testing/render-app'
import { renderWithApi, type Handlers } from '@/testing/render-with-api'
import { QUESTIONS } from '@/features/reviews/testing/fixtures'

// The course-provider page's recent score beside the all-time ones, and what happened after
// the course (issue 29 points 2 and 6).

const path = `/course/${commercialCookery.slug}/harbour-city-training`
const harbour = (recent: number | null, recentRated: number) =>
  provider('Harbour City Training', { total: 8, student: 8, ratingStudent: 4.2, recent, recentRated })
const details = (outcome: unknown) => ({
  distribution: { Student: [0, 0, 2, 3, 3], Employer: [0, 0, 0, 0, 0] },
  questions: [],
  providerQuestions: [],
  outcome,
})

function api(over: Handlers): Handlers {
  return {
    'POST /api/getcoursebyslug': commercialCookery,
    'POST /api/getproviderbyslug': harbour(4.5, 3),
    'POST /api/getoverallproviderrating': { totalScore: 8, count: 2, average: 4 },
    'POST /api/getratingdetails': details(null),
    'POST /api/review/checkifuserreviewed': false,
    'POST /api/getreviewsfor': [],
    'POST /api/favourites/getfavourites': [],
    'GET /api/review/questions': (_: unknown, url: URL) => QUESTIONS[url.searchParams.get('userType') as 'Student' | 'Employer'],
    ...over,
  }
}

const ratings = async () => (await screen.findByRole('heading', { name: 'Ratings' })).closest('section') as HTMLElement
const detailsSection = async () => (await screen.findByRole('heading', { name: 'How reviewers rated this course' })).closest('section') as HTMLElement

describe('Course-provider page: recent score and what happened after', { timeout: 30_000 }, () => {
  it('shows the score of the last 24 months with its count from 3 rated reviews', async () => {
    renderWithApi(path, api({}), student)
    const recent = within(await ratings()).getByTestId('recent-score')
    expect(recent).toHaveTextContent('Last 24 months: 4.5 out of 5 from 3 reviews')
  })

  it("says 'Not enough recent reviews' below 3, never a number", async () => {
    renderWithApi(path, api({ 'POST /api/getproviderbyslug': harbour(null, 2) }), student)
    const recent = within(await ratings()).getByTestId('recent-score')
    expect(recent).toHaveTextContent('Last 24 months: Not enough recent reviews')
    expect(recent.textContent?.replace('Last 24 months:', '')).not.toMatch(/\d/)
  })

  it('shows the share who found work in the field with its count and note', async () => {
    const outcome = { inField: 3, answered: 5, note: "From reviewers' answers, not an official survey." }
    renderWithApi(path, api({ 'POST /api/getratingdetails': details(outcome) }), student)
    const share = await within(await detailsSection()).findByTestId('outcome-share')
    expect(within(share).getByRole('heading', { name: 'What happened after' })).toBeInTheDocument()
    expect(share).toHaveTextContent('60% of students found work in the field of the course within six months (3 of 5)')
    expect(share).toHaveTextContent("From reviewers' answers, not an official survey.")
  })

  it('says when the share will show while fewer than 5 have answered', async () => {
    renderWithApi(path, api({}), student)
    const share = await within(await detailsSection()).findByTestId('outcome-share')
    expect(share).toHaveTextContent('Shown once 5 students who finished have said whether they found work.')
    expect(share.textContent).not.toMatch(/%/)
  })
})
