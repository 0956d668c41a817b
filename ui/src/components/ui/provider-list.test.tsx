import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Provider } from '@/lib/catalog-schemas'
import { PLACES, provider } from '@/testing/catalog-fixtures'
import type { LoginGate } from './login-gate'
import { ProviderList } from './provider-list'

const melbourne = { latitude: PLACES.melbourne[0], longitude: PLACES.melbourne[1] }
const gate: LoginGate = { loggedOut: false, ask: () => {} }

function renderList(providers: Provider[], origin: typeof melbourne | null = null, course?: { courseCode: string; name: string }) {
  return render(
    <MemoryRouter>
      <ProviderList providers={providers} origin={origin} linkFor={(p) => `/course/cookery/${p.slug}`} gate={gate} course={course} />
    </MemoryRouter>,
  )
}

const shownNames = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent)
const sortSelect = () => screen.getByRole('combobox', { name: 'Sort by' })
const filterBox = () => screen.getByRole('searchbox', { name: 'Search providers by name' })

const three = [
  provider('Harbour City Training', { total: 2, student: 2, ratingStudent: 3.5, at: PLACES.sydney }),
  provider('Ballarat Lake College', { total: 9, student: 4, employer: 5, ratingStudent: 4.25, ratingEmployer: 5, at: PLACES.ballarat }),
  provider('Darwin Top End Skills', { total: 0, at: PLACES.darwin, isExample: false }),
]

describe('ProviderList', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows each provider with its counts, scores and review link, most reviewed first', () => {
    renderList(three)
    expect(shownNames()).toEqual(['Ballarat Lake College', 'Harbour City Training', 'Darwin Top End Skills'])
    const ballarat = screen.getAllByRole('listitem')[0]
    expect(within(ballarat).getByText('Example provider')).toBeInTheDocument()
    expect(within(ballarat).getByRole('img', { name: 'Student or Graduate score: 4.3 out of 5' })).toBeInTheDocument()
    expect(within(ballarat).getByRole('img', { name: 'Employer score: 5 out of 5' })).toBeInTheDocument()
    expect(within(ballarat).getByText('Reviews: 4')).toBeInTheDocument()
    expect(within(ballarat).getByRole('link', { name: /View \/ Leave a review/ })).toHaveAttribute(
      'href',
      '/course/cookery/ballarat-lake-college',
    )
    const darwin = screen.getAllByRole('listitem')[2]
    expect(within(darwin).queryByText('Example provider')).not.toBeInTheDocument()
    expect(within(darwin).getAllByText('Reviews: N/A')).toHaveLength(2)
    expect(within(darwin).getByRole('img', { name: 'Employer score: no score yet' })).toBeInTheDocument()
  })

  it('shows distances and offers Closest to me only with a location', async () => {
    const { unmount } = renderList(three)
    expect(screen.queryByTestId('distance')).not.toBeInTheDocument()
    expect(within(sortSelect()).queryByRole('option', { name: 'Closest to me' })).not.toBeInTheDocument()
    unmount()

    renderList(three, melbourne)
    expect(screen.getAllByTestId('distance').map((d) => d.textContent)).toEqual(['102 km away', '713 km away', '3148 km away'])
    await userEvent.selectOptions(sortSelect(), 'Closest to me')
    expect(shownNames()).toEqual(['Ballarat Lake College', 'Harbour City Training', 'Darwin Top End Skills'])
  })

  it("measures a register provider from its head office postcode, and shows no distance without one", () => {
    // The sync places a provider at its postcode's centroid (2000, Sydney); an unknown postcode leaves none.
    const placed = provider('Register Test College', { total: 0, isExample: false })
    placed.location.Latitude = -33.8661
    placed.location.Longitude = 151.204
    const unplaced = provider('Unknown Postcode College', { total: 0, isExample: false })
    unplaced.location.Latitude = null
    unplaced.location.Longitude = null
    renderList([placed, unplaced], melbourne)
    const [first, second] = screen.getAllByRole('listitem')
    expect(within(first).getByTestId('distance')).toHaveTextContent('713 km away')
    expect(within(second).queryByTestId('distance')).not.toBeInTheDocument()
  })

  it('sorts by each option', async () => {
    renderList(three)
    expect(within(sortSelect()).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Most Reviewed',
      'Top Rated (Student or Graduate)',
      'Top Rated (Employer)',
      'A-Z',
      'Lowest fee',
      'Best score, last 24 months',
    ])
    await userEvent.selectOptions(sortSelect(), 'A-Z')
    expect(shownNames()).toEqual(['Ballarat Lake College', 'Darwin Top End Skills', 'Harbour City Training'])
    await userEvent.selectOptions(sortSelect(), 'Top Rated (Student or Graduate)')
    expect(shownNames()).toEqual(['Ballarat Lake College', 'Harbour City Training', 'Darwin Top End Skills'])
    await userEvent.selectOptions(sortSelect(), 'Top Rated (Employer)')
    expect(shownNames()).toEqual(['Ballarat Lake College', 'Darwin Top End Skills', 'Harbour City Training'])
    // No provider has said its fee: they keep their A-Z order.
    await userEvent.selectOptions(sortSelect(), 'Lowest fee')
    expect(shownNames()).toEqual(['Ballarat Lake College', 'Darwin Top End Skills', 'Harbour City Training'])
    // Nor has any a recent score: A-Z again, each card saying so.
    await userEvent.selectOptions(sortSelect(), 'Best score, last 24 months')
    expect(shownNames()).toEqual(['Ballarat Lake College', 'Darwin Top End Skills', 'Harbour City Training'])
    expect(screen.getAllByTestId('recent-score').map((p) => p.textContent)).toEqual(Array(3).fill('Last 24 months: Not enough recent reviews'))
  })

  it('shows the recent score of each card with its count and sorts by it, those without one last', async () => {
    renderList([
      provider('Harbour City Training', { total: 4, student: 4, ratingStudent: 4, recent: 4.5, recentRated: 3 }),
      provider('Ballarat Lake College', { total: 2, student: 2, ratingStudent: 5, recent: null, recentRated: 2 }),
      provider('Darwin Top End Skills', { total: 6, student: 6, ratingStudent: 3, recent: 3.2, recentRated: 5 }),
    ])
    await userEvent.selectOptions(sortSelect(), 'Best score, last 24 months')
    expect(shownNames()).toEqual(['Harbour City Training', 'Darwin Top End Skills', 'Ballarat Lake College'])
    expect(screen.getAllByTestId('recent-score').map((p) => p.textContent)).toEqual([
      'Last 24 months: 4.5 out of 5 from 3 reviews',
      'Last 24 months: 3.2 out of 5 from 5 reviews',
      'Last 24 months: Not enough recent reviews',
    ])
  })

  it('filters by name after 600 ms and says when nothing matches', () => {
    vi.useFakeTimers()
    renderList(three)
    fireEvent.change(filterBox(), { target: { value: 'HARBOUR' } })
    act(() => vi.advanceTimersByTime(599))
    expect(shownNames()).toHaveLength(3)
    act(() => vi.advanceTimersByTime(1))
    expect(shownNames()).toEqual(['Harbour City Training'])

    fireEvent.change(filterBox(), { target: { value: 'nowhere' } })
    act(() => vi.advanceTimersByTime(600))
    expect(shownNames()).toEqual([])
    expect(screen.getByText('No providers found')).toBeInTheDocument()
  })

  it("says 'No providers found' for a course nobody delivers", () => {
    renderList([])
    expect(screen.getByRole('status')).toHaveTextContent('No providers found')
  })

  it('pages 20 at a time; a search shows up to 1000 and starts at page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const many = Array.from({ length: 45 }, (_, i) => provider(`Provider ${String(i + 1).padStart(2, '0')}`))
    renderList(many)
    expect(shownNames()).toHaveLength(20)
    expect(screen.getByText('Showing 1–20 of 45 providers')).toBeInTheDocument()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(shownNames()).toEqual(['Provider 41', 'Provider 42', 'Provider 43', 'Provider 44', 'Provider 45'])

    fireEvent.change(filterBox(), { target: { value: 'provider' } })
    act(() => vi.advanceTimersByTime(600))
    expect(shownNames()).toHaveLength(45)
    expect(screen.queryByRole('navigation', { name: 'Providers pages' })).not.toBeInTheDocument()

    fireEvent.change(filterBox(), { target: { value: '' } })
    act(() => vi.advanceTimersByTime(600))
    expect(shownNames()).toHaveLength(20)
    expect(shownNames()[0]).toBe('Provider 01')
  })

  it('shows the course on each card of the search results', () => {
    renderList([three[0]], null, { courseCode: 'SIT30821', name: 'Certificate III in Commercial Cookery' })
    const card = screen.getByRole('listitem')
    expect(card).toHaveTextContent('SIT30821')
    expect(card).toHaveTextContent('Certificate III in Commercial Cookery')
    expect(card).toHaveTextContent('Harbour City Training')
  })

  it("notes an average of fewer than 3 rated reviews: 'based on N reviews'", () => {
    renderList(three)
    const harbour = screen.getAllByRole('listitem')[1]
    expect(within(harbour).getByText('based on 2 reviews')).toBeInTheDocument()
    const one = provider('One Review College', { total: 1, employer: 1, ratingEmployer: 4 })
    renderList([one])
    expect(screen.getByText('based on 1 review')).toBeInTheDocument()
  })

  it('picks up to three providers to compare, refuses a fourth, and links to the compare page', async () => {
    const four = [...three, provider('Hobart Harbour Institute', { total: 1, at: PLACES.hobart })]
    render(
      <MemoryRouter>
        <ProviderList providers={four} origin={null} linkFor={(p) => `/course/cookery/${p.slug}`} gate={gate} compareCourse="cookery" />
      </MemoryRouter>,
    )
    const box = (name: string) => screen.getByRole('checkbox', { name: `Compare ${name}` })
    expect(screen.queryByText(/Compare \(/)).not.toBeInTheDocument()

    await userEvent.click(box('Harbour City Training'))
    expect(screen.getByText('Compare (1)')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Compare \(1\)/ })).not.toBeInTheDocument()
    expect(screen.getByText('Choose at least one more provider to compare.')).toBeInTheDocument()

    await userEvent.click(box('Ballarat Lake College'))
    await userEvent.click(box('Darwin Top End Skills'))
    expect(screen.getByRole('link', { name: /Compare \(3\)/ })).toHaveAttribute(
      'href',
      '/course/cookery/compare?providers=harbour-city-training,ballarat-lake-college,darwin-top-end-skills',
    )

    await userEvent.click(box('Hobart Harbour Institute'))
    expect(box('Hobart Harbour Institute')).not.toBeChecked()
    expect(screen.getByText('You can compare up to 3 providers. Remove one to add another.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Compare \(3\)/ })).toBeInTheDocument()

    // Unpicking one makes room again.
    await userEvent.click(box('Harbour City Training'))
    await userEvent.click(box('Hobart Harbour Institute'))
    expect(box('Hobart Harbour Institute')).toBeChecked()
    expect(screen.getByRole('link', { name: /Compare \(3\)/ })).toHaveAttribute(
      'href',
      '/course/cookery/compare?providers=ballarat-lake-college,darwin-top-end-skills,hobart-harbour-institute',
    )

    await userEvent.click(screen.getByRole('button', { name: /Clear/ }))
    expect(screen.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked)).toHaveLength(0)
    expect(screen.queryByText(/Compare \(/)).not.toBeInTheDocument()
  })

  it('has no Compare checkbox without a course to compare for', () => {
    renderList(three)
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
  })
})
