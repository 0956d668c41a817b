import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { commercialCookery, cookery, provider } from '@/testing/catalog-fixtures'
import { answer, bodiesSent, renderWithApi, where } from '@/testing/render-with-api'

const options = [
  { _id: '14', courseCode: 'SIT20421', name: 'Certificate II in Cookery', slug: 'certificate-ii-in-cookery' },
  { _id: '16', courseCode: 'SIT30821', name: 'Certificate III in Commercial Cookery', slug: 'certificate-iii-in-commercial-cookery' },
]

const NO_MATCH = "Sorry, course you've entered doesn't match any listings in our database."

const api = {
  'GET /api/search/typeahead': (_body: unknown, url: URL) => {
    const q = (url.searchParams.get('q') ?? '').toLowerCase()
    const byCode = url.searchParams.get('mode') === 'code'
    return options.filter((o) => (byCode ? o.courseCode.toLowerCase() : o.name.toLowerCase()).includes(q))
  },
  'POST /api/search/getsearchresults': (body: unknown) => {
    const { courseId, qualification } = body as { courseId?: string; qualification: string }
    const course = [commercialCookery, cookery].find(
      (c) => c._id === courseId || c.name === qualification || c.courseCode === qualification,
    )
    if (!course) return answer(404, [{ msg: NO_MATCH }])
    return { course, providers: [provider('Harbour City Training', { total: 3, student: 2, ratingStudent: 4 }), provider('Ballarat Lake College')] }
  },
}

const typeaheadUrls = (fetchMock: ReturnType<typeof renderWithApi>['fetchMock']) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith('/api/search/typeahead'))

async function openSearch(path = '/search', visitor: Parameters<typeof renderWithApi>[2] = null) {
  const result = renderWithApi(path, api, visitor)
  await screen.findByRole('heading', { level: 1, name: 'Search for your course' })
  return result
}

const box = (name = 'Qualification') => screen.getByRole('combobox', { name })

// Whole-app renders on a shared 2-core machine can be slow; the waits inside stay specific.
describe('Search', { timeout: 30_000 }, () => {
  it('asks for suggestions as the visitor types, never for empty text', async () => {
    const { fetchMock } = await openSearch()
    await userEvent.click(box())
    await userEvent.keyboard('   ')
    await new Promise((r) => setTimeout(r, 300))
    expect(typeaheadUrls(fetchMock)).toEqual([])

    await userEvent.clear(box())
    // Typed without pauses: the 150 ms debounce sends one request for the whole word.
    await userEvent.setup({ delay: null }).type(box(), 'cook')
    const listed = await screen.findAllByRole('option')
    expect(listed.map((o) => o.textContent)).toEqual(['SIT20421Certificate II in Cookery', 'SIT30821Certificate III in Commercial Cookery'])
    const sent = typeaheadUrls(fetchMock).map((u) => new URL(u, 'http://x').searchParams.toString())
    expect(sent).toEqual(['q=cook&mode=qualification&limit=10'])
  })

  it("finds the course that replaced an old code, with the note saying so", async () => {
    const successor = { ...options[1], replaces: 'Replaces SIT30816 Certificate III in Commercial Cookery' }
    renderWithApi('/search', { ...api, 'GET /api/search/typeahead': () => [successor] }, null)
    await screen.findByRole('heading', { level: 1, name: 'Search for your course' })
    await userEvent.click(screen.getByRole('radio', { name: 'Course code' }))
    await userEvent.type(box('Course code'), 'SIT30816')
    const option = await screen.findByRole('option', { name: /SIT30821/ })
    expect(option).toHaveTextContent('SIT30821Certificate III in Commercial CookeryReplaces SIT30816 Certificate III in Commercial Cookery')
  })

  it('works with the keyboard alone: arrows, Enter to choose, Enter to search', async () => {
    const { fetchMock } = await openSearch()
    await userEvent.click(box())
    await userEvent.keyboard('cook')
    await screen.findAllByRole('option')
    const active = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '')?.textContent
    // The first suggestion is active once they appear; the arrows move through them.
    await waitFor(() => expect(active()).toBe('SIT20421Certificate II in Cookery'))
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(active()).toBe('SIT30821Certificate III in Commercial Cookery'))
    await userEvent.keyboard('{ArrowUp}')
    await waitFor(() => expect(active()).toBe('SIT20421Certificate II in Cookery'))
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('option', { name: /SIT30821/ })).toHaveAttribute('data-focus'))
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    expect(box()).toHaveValue('Certificate III in Commercial Cookery')
    expect(where()).toBe('/search')

    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(where()).toBe('/search?by=qualification&course=16&q=Certificate+III+in+Commercial+Cookery'))
    expect(await screen.findByRole('heading', { level: 2, name: 'Certificate III in Commercial Cookery' })).toBeInTheDocument()
    expect(bodiesSent(fetchMock, '/api/search/getsearchresults')).toEqual([
      { searchBy: 'qualification', courseId: '16', qualification: 'Certificate III in Commercial Cookery' },
    ])
  })

  it('closes the suggestions with Escape and keeps what was typed', async () => {
    await openSearch()
    await userEvent.click(box())
    await userEvent.keyboard('cook')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    expect(box()).toHaveValue('cook')
  })

  it('searches by course code, choosing with the mouse', async () => {
    const { fetchMock } = await openSearch()
    await userEvent.click(screen.getByRole('radio', { name: 'Course code' }))
    await userEvent.type(box('Course code'), 'sit3')
    await userEvent.click(await screen.findByRole('option', { name: /SIT30821/ }))
    expect(box('Course code')).toHaveValue('SIT30821')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(where()).toBe('/search?by=code&course=16&q=SIT30821'))
    const results = (await screen.findByRole('heading', { level: 2, name: 'Certificate III in Commercial Cookery' })).closest('section') as HTMLElement
    const cards = within(results).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    expect(cards[0]).toHaveTextContent('SIT30821')
    expect(cards[0]).toHaveTextContent('Harbour City Training')
    expect(cards[0]).toHaveTextContent('Certificate III in Commercial Cookery')
    // Two rated reviews: the average says how few it rests on.
    expect(cards[0]).toHaveTextContent('based on 2 reviews')
    expect(cards[1]).toHaveTextContent('Reviews: N/A')
    // The results share the providers list's Compare checkbox.
    expect(within(cards[0]).getByRole('checkbox', { name: 'Compare Harbour City Training' })).not.toBeChecked()
    expect(bodiesSent(fetchMock, '/api/search/getsearchresults')).toEqual([{ searchBy: 'code', courseId: '16', qualification: 'SIT30821' }])
    expect(typeaheadUrls(fetchMock).every((u) => u.includes('mode=code'))).toBe(true)
  })

  it('searches for typed text when no suggestion was chosen', async () => {
    const { fetchMock } = await openSearch()
    await userEvent.type(box(), 'Certificate II in Cookery')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Certificate II in Cookery' })).toBeInTheDocument()
    expect(bodiesSent(fetchMock, '/api/search/getsearchresults')).toEqual([
      { searchBy: 'qualification', qualification: 'Certificate II in Cookery' },
    ])
  })

  it('does not submit an empty form', async () => {
    const { fetchMock } = await openSearch()
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a course from the list, or type its name.')
    expect(box()).toHaveAttribute('aria-invalid', 'true')
    expect(where()).toBe('/search')
    expect(bodiesSent(fetchMock, '/api/search/getsearchresults')).toEqual([])
  })

  it("says exactly so when the course doesn't match", async () => {
    await openSearch()
    await userEvent.type(box(), 'Diploma of Underwater Basket Weaving{Escape}')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_MATCH)
    expect(screen.queryByText('No providers found')).not.toBeInTheDocument()
  })

  it("says 'No providers found' for a course nobody delivers", async () => {
    renderWithApi('/search?by=code&course=16&q=SIT30821', {
      ...api,
      'POST /api/search/getsearchresults': { course: commercialCookery, providers: [] },
    })
    expect(await screen.findByText('No providers found')).toBeInTheDocument()
  })

  it('restores the search from the URL, and fills the box with its course', async () => {
    const { fetchMock } = renderWithApi('/search?by=code&course=16&q=SIT30821', api)
    expect(await screen.findByRole('heading', { level: 2, name: 'Certificate III in Commercial Cookery' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Course code' })).toBeChecked()
    await waitFor(() => expect(box('Course code')).toHaveValue('SIT30821'))
    expect(bodiesSent(fetchMock, '/api/search/getsearchresults')).toEqual([{ searchBy: 'code', courseId: '16', qualification: 'SIT30821' }])
  })

  it("shows a logged-out visitor the 'Sorry...' overlay: Login carries the course path, Sign Up nothing", async () => {
    renderWithApi('/search?by=code&course=16&q=SIT30821', api)
    await userEvent.click(await screen.findByRole('link', { name: 'View / Leave a review for Harbour City Training' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sorry...' })
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fcourse%2Fcertificate-iii-in-commercial-cookery%2Fharbour-city-training',
    )
    expect(within(dialog).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up')
  })
})
