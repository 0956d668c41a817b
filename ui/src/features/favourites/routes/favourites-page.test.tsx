import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { student } from '@/testing/render-app'
import { fakeApi, renderPage, sentTo, type ApiHandler } from '@/testing/render-page'
import type { Favourite } from '../api/get-favourites'
import FavouritesPage from './favourites-page'

function favourite(courseId: string, providerId: string, name: string, student: number | null, employer: number | null): Favourite {
  return {
    course: { _id: courseId, courseCode: 'SIT30821', name: 'Certificate III in Commercial Cookery', slug: 'certificate-iii-in-commercial-cookery' },
    provider: { _id: providerId, name, slug: name.toLowerCase().replaceAll(' ', '-'), location: { Latitude: -37.8, Longitude: 144.9 } },
    scores: { student, employer },
  }
}

const coastal = favourite('16', '3', 'Coastal Skills Institute', 4.5, null)
const harbour = favourite('16', '5', 'Harbour College', 3, 4.25)

function renderFavourites(handlers: Record<string, ApiHandler>) {
  const fetchMock = fakeApi(handlers, { ...student, hasFavourites: true })
  const view = renderPage(<FavouritesPage />, { path: '/favourites' })
  return { fetchMock, ...view }
}

describe('favourites page', () => {
  it('shows a loader, then "No favourites found" when there are none', async () => {
    let answer: (list: Favourite[]) => void = () => {}
    renderFavourites({ 'POST /api/favourites/getfavourites': () => new Promise((resolve) => (answer = resolve)) })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('your Favourite courses')
    expect(screen.getByText('Loading your favourites…')).toBeInTheDocument()
    answer([])
    expect(await screen.findByText('No favourites found')).toBeInTheDocument()
    expect(screen.getByText('0 favourites saved')).toBeInTheDocument()
  })

  it('lists each favourite with its code, names, link and scores', async () => {
    renderFavourites({ 'POST /api/favourites/getfavourites': [coastal, harbour] })
    const items = await screen.findAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(screen.getByText('2 favourites saved')).toBeInTheDocument()
    const first = items[0]
    expect(within(first).getByText('SIT30821')).toBeInTheDocument()
    expect(within(first).getByRole('heading', { name: 'Coastal Skills Institute' })).toBeInTheDocument()
    expect(within(first).getByText('Certificate III in Commercial Cookery')).toBeInTheDocument()
    expect(within(first).getByRole('link', { name: /See reviews/ })).toHaveAttribute(
      'href',
      '/course/certificate-iii-in-commercial-cookery/coastal-skills-institute',
    )
    const studentScore = within(first).getByRole('img', { name: /Student or Graduate/ })
    expect(studentScore).toHaveTextContent('4.5')
    expect(studentScore).toHaveAttribute('data-fill', '90')
    const employerScore = within(first).getByRole('img', { name: /Employer/ })
    expect(employerScore).toHaveTextContent('N/A')
    expect(employerScore).toHaveAttribute('data-fill', '0')

    const second = items[1]
    expect(within(second).getByRole('img', { name: /Student or Graduate/ })).toHaveTextContent(/^3$/)
    expect(within(second).getByRole('img', { name: /Employer/ })).toHaveTextContent('4.3')
    expect(within(second).getByRole('img', { name: /Employer/ })).toHaveAttribute('data-fill', '85')
  })

  it('Remove drops the item at once, tells the server and refreshes the header heart', async () => {
    const user = userEvent.setup()
    let list = [coastal, harbour]
    const { fetchMock, client } = renderFavourites({
      'POST /api/favourites/getfavourites': () => list,
      'POST /api/addorremovefavourite': () => {
        list = [harbour]
        return { msg: 'Removed from favourites', hasFavourites: true }
      },
    })
    const userinfoCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/userinfo').length
    const [first] = await screen.findAllByRole('listitem')
    await waitFor(() => expect(client.getQueryData(['userinfo'])).toBeTruthy())
    const before = userinfoCalls()
    await user.click(within(first).getByRole('button', { name: /Remove/ }))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    expect(screen.queryByRole('heading', { name: 'Coastal Skills Institute' })).not.toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/addorremovefavourite')).toEqual([{ action: 'remove', userId: '1', courseId: '16', providerId: '3' }])
    await waitFor(() => expect(userinfoCalls()).toBe(before + 1))
  })
})
