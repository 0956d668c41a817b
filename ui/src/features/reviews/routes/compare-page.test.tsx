import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { commercialCookery, PLACES, provider } from '@/testing/catalog-fixtures'
import { answer, bodiesSent, renderWithApi, where, type Handlers } from '@/testing/render-with-api'

const path = `/course/${commercialCookery.slug}/compare?providers=harbour-city-training,ballarat-lake-college,darwin-top-end-skills`

const share = (question: string, userType: 'Student' | 'Employer', finding: string, positive: number, answered: number) => ({
  question,
  userType,
  finding,
  positive,
  answered,
})
const knowledgeable = (positive: number, answered: number) =>
  share('trainersWereKnowledgeable', 'Student', 'say the trainers were knowledgeable', positive, answered)
const recommend = (positive: number, answered: number) => share('howLikelyYouRecommend', 'Student', 'would recommend the provider', positive, answered)

const details = (questions: ReturnType<typeof share>[], Student = [0, 0, 0, 0, 0], Employer = [0, 0, 0, 0, 0], outcome: unknown = null) => ({
  distribution: { Student, Employer },
  questions,
  providerQuestions: [],
  outcome,
})
const NOTE = "From reviewers' answers, not an official survey."

const comparison = {
  course: commercialCookery,
  providers: [
    {
      provider: provider('Harbour City Training', { total: 7, student: 6, employer: 1, ratingStudent: 4.5, ratingEmployer: 3, at: PLACES.sydney }),
      details: details([knowledgeable(43, 50), recommend(2, 3)], [0, 0, 1, 2, 3], [0, 0, 1, 0, 0], { inField: 4, answered: 6, note: NOTE }),
    },
    {
      provider: provider('Ballarat Lake College', { total: 2, student: 2, ratingStudent: 5, at: PLACES.ballarat }),
      details: details([recommend(5, 5)], [0, 0, 0, 0, 2]),
    },
    { provider: { ...provider('Darwin Top End Skills'), location: { ...provider('x').location, WebsiteUrl: '' } }, details: details([]) },
  ],
}

function api(over: Handlers = {}): Handlers {
  return { 'POST /api/compareproviders': comparison, 'POST /api/getcoursebyslug': commercialCookery, ...over }
}

const table = () => screen.findByRole('table', { name: /providers of Certificate III in Commercial Cookery side by side/ })
const rowCells = (t: HTMLElement, name: string | RegExp) =>
  within(within(t).getByRole('rowheader', { name }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((c) => c.textContent)

describe('Compare providers', { timeout: 30_000 }, () => {
  it('adds what happened after as a row: the share who found work in the field, or a dash below 5 answers', async () => {
    renderWithApi(path, api())
    const t = await table()
    expect(rowCells(t, 'Students who found work in the field')).toEqual([`67% (4 of 6)${NOTE}`, '—Not enough answers yet', '—Not enough answers yet'])
  })

  it('shows three providers side by side, asked in the order of the address', async () => {
    const { fetchMock } = renderWithApi(path, api())
    const t = await table()
    expect(await screen.findByRole('heading', { level: 1, name: 'Compare providers' })).toBeInTheDocument()
    expect(bodiesSent(fetchMock, '/api/compareproviders')).toEqual([
      { courseSlug: commercialCookery.slug, providerSlugs: ['harbour-city-training', 'ballarat-lake-college', 'darwin-top-end-skills'] },
    ])
    await waitFor(() => expect(document.title).toBe('Compare providers | Certificate III in Commercial Cookery'))

    const columns = within(t).getAllByRole('columnheader')
    expect(columns).toHaveLength(3)
    expect(within(columns[0]).getByRole('link', { name: 'Harbour City Training' })).toHaveAttribute(
      'href',
      `/course/${commercialCookery.slug}/harbour-city-training`,
    )
    expect(columns.map((c) => within(c).getByRole('link').textContent)).toEqual([
      'Harbour City Training',
      'Ballarat Lake College',
      'Darwin Top End Skills',
    ])

    // Scores by reviewer type with their counts; totals.
    expect(rowCells(t, 'Students')).toEqual(['4.5Reviews: 6', '5based on 2 reviews', 'N/AReviews: N/A'])
    expect(within(t).getByRole('img', { name: 'Ballarat Lake College student score: 5 out of 5' })).toBeInTheDocument()
    expect(rowCells(t, 'Employers')[0]).toBe('3based on 1 review')
    expect(rowCells(t, 'Total reviews')).toEqual(['76 students, 1 employer', '22 students, 0 employers', '00 students, 0 employers'])

    // The distributions: bars with counts, or none yet.
    expect(within(t).getByRole('list', { name: 'Harbour City Training: star ratings by students' })).toHaveTextContent('5 stars: 3 reviews')
    expect(rowCells(t, 'By employers')[1]).toBe('No ratings yet')

    // The shares aligned by question, '—' where a provider has none.
    expect(rowCells(t, 'Students who say the trainers were knowledgeable')).toEqual([
      '86% (43 of 50)',
      '—Not enough answers yet',
      '—Not enough answers yet',
    ])
    expect(rowCells(t, 'Students who would recommend the provider')).toEqual(['67% (2 of 3)', '100% (5 of 5)', '—Not enough answers yet'])

    // No location yet: no distance row. The website, or that there is none.
    expect(within(t).queryByRole('rowheader', { name: 'Distance' })).not.toBeInTheDocument()
    expect(within(t).getByRole('link', { name: /Visit website of Harbour City Training/ })).toHaveAttribute(
      'href',
      'https://harbour-city-training.example',
    )
    expect(rowCells(t, 'Website')[2]).toBe('Not given')
  })

  it("adds each provider's course details, 'Not given' where it has not said, and the stale label", async () => {
    const facts = (over: Record<string, unknown>) => ({
      _id: '1', courseId: '1', courseCode: 'SIT30821', courseName: 'x', courseSlug: 'x', providerId: '1', providerSlug: 'x',
      fee: null, subsidisedFee: null, subsidyState: null, durationWeeks: null, durationMaxWeeks: null, deliveryModes: [],
      campusIds: [], intakes: [], fundingNotes: [], courseUrl: '', campuses: [], courseUrlFlagged: false, source: null,
      confirmedAt: null, stale: false, version: 0, ...over,
    })
    const [first, second, third] = comparison.providers
    const withFacts = {
      ...comparison,
      providers: [
        {
          ...first,
          facts: facts({
            fee: 12500, subsidisedFee: 4000, subsidyState: 'VIC', durationWeeks: 26, durationMaxWeeks: 52, deliveryModes: ['on campus', 'online'],
            intakes: ['2030-02', '2030-07'], fundingNotes: ['Fee-free TAFE', 'VET Student Loans'], source: 'representative', confirmedAt: '2026-11-02T10:00:00Z',
          }),
        },
        { ...second, facts: facts({ fee: 9000, source: 'import', confirmedAt: '2024-01-02T10:00:00Z', stale: true }) },
        { ...third, facts: facts({}) },
      ],
    }
    renderWithApi(path, api({ 'POST /api/compareproviders': withFacts }))
    const t = await table()
    expect(rowCells(t, 'Fee')).toEqual(['$12,500', '$9,000', 'Not given'])
    expect(rowCells(t, 'Subsidised fee')).toEqual(['$4,000 in VIC', 'Not given', 'Not given'])
    expect(rowCells(t, 'Duration')).toEqual(['26 to 52 weeks', 'Not given', 'Not given'])
    expect(rowCells(t, 'Delivery')[0]).toBe('On campus, online')
    expect(rowCells(t, 'Next intake')[0]).toBe('February 2030')
    expect(rowCells(t, 'Funding')[0]).toBe('Fee-free TAFE, VET Student Loans')
    expect(rowCells(t, 'Details from')).toEqual([
      'From the provider, confirmed November 2026',
      'Added by CourseSourcemay be out of date',
      'Not given',
    ])
  })

  it('says when no provider has a share with 5 answers yet', async () => {
    const bare = { ...comparison, providers: comparison.providers.map((p) => ({ ...p, details: details([]) })) }
    renderWithApi(path, api({ 'POST /api/compareproviders': bare }))
    const t = await table()
    expect(within(t).getByText('Shown once 5 reviewers have answered a question.')).toBeInTheDocument()
  })

  it("shows the server's 400 message with a way back to the course's providers", async () => {
    renderWithApi(
      `/course/${commercialCookery.slug}/compare?providers=a,b,c,d`,
      api({ 'POST /api/compareproviders': answer(400, [{ msg: 'Compare at most 3 providers', param: 'providerSlugs' }]) }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Compare at most 3 providers')
    const back = await screen.findByRole('link', { name: 'Back to the providers' })
    expect(back).toHaveAttribute('href', `/industry/hospitality/chef/${commercialCookery.slug}`)
    await userEvent.click(back)
    await waitFor(() => expect(where()).toBe(`/industry/hospitality/chef/${commercialCookery.slug}`))
  })

  it.each([
    ['/course/no-such-course/compare?providers=a,b', answer(404, [{ msg: 'Course not found' }])],
    // No providers chosen: the comparison's own complaint must not stand in for the unknown course.
    ['/course/no-such-course/compare', answer(400, [{ msg: 'Choose at least one provider to compare', param: 'providerSlugs' }])],
  ])('says the course was not found at %s, with a way to the industries', async (path, compared) => {
    renderWithApi(
      path,
      api({
        'POST /api/compareproviders': compared,
        'POST /api/getcoursebyslug': answer(404, [{ msg: 'Course not found' }]),
      }),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse all industries' })).toHaveAttribute('href', '/industries')
    expect(screen.queryByText('Choose at least one provider to compare')).not.toBeInTheDocument()
    expect(document.title).toBe('Page not found | CourseSource')
  })
})
