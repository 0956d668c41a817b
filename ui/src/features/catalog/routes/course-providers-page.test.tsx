import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { commercialCookery, cook, cookery, industries, provider } from '@/testing/catalog-fixtures'
import { student } from '@/testing/render-app'
import { bodiesSent, renderWithApi, where } from '@/testing/render-with-api'

const path = '/industry/hospitality/cook/certificate-iii-in-commercial-cookery'

const api = {
  'GET /api/industries': industries,
  'POST /api/getcareerbyslug': cook,
  'POST /api/getcoursebyslug': (body: unknown) => {
    const slug = (body as { courseSlug: string }).courseSlug
    if (slug === commercialCookery.slug) return commercialCookery
    if (slug === cookery.slug) return cookery
    return { status: 404, body: [{ msg: 'Course not found' }] }
  },
  'POST /api/getprovidersbycourseid': [
    provider('Harbour City Training', { total: 3, student: 3, ratingStudent: 4 }),
    provider('Ballarat Lake College'),
  ],
}

// Whole-app renders on a shared 2-core machine can be slow; the waits inside stay specific.
describe('Course providers', { timeout: 30_000 }, () => {
  it('shows where the course sits, the course and career copy, and is titled course | career', async () => {
    renderWithApi(path, api)
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate III in Commercial Cookery' })).toBeInTheDocument()
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem')
    expect(crumbs.map((c) => c.textContent)).toEqual(['Industries', 'Hospitality', 'Cook', 'Certificate III in Commercial Cookery'])
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Hospitality' })).toHaveAttribute(
      'href',
      '/industry/hospitality',
    )
    expect(screen.getByText('SIT30821')).toBeInTheDocument()
    expect(screen.getByText('The trade qualification for cooks and chefs.')).toBeInTheDocument()
    expect(screen.getByText('Apprenticeship').tagName).toBe('STRONG')
    await waitFor(() => expect(document.title).toBe('Certificate III in Commercial Cookery | Cook'))
  })

  it('lists the other careers the course leads to', async () => {
    renderWithApi(path, api)
    const section = (await screen.findByRole('heading', { name: 'This course also leads to' })).closest('section') as HTMLElement
    expect(within(section).getAllByRole('link').map((l) => l.textContent)).toEqual(['Chef'])
    expect(within(section).getByRole('link', { name: 'Chef' })).toHaveAttribute('href', '/industry/hospitality/chef')
  })

  it('has no other-careers list for a course with one career', async () => {
    renderWithApi('/industry/hospitality/cook/certificate-ii-in-cookery', api)
    await screen.findByRole('heading', { level: 1, name: 'Certificate II in Cookery' })
    expect(screen.queryByText('This course also leads to')).not.toBeInTheDocument()
  })

  it('loads the providers for the course once the course is known', async () => {
    const { fetchMock } = renderWithApi(path, api)
    const list = await screen.findByRole('list', { name: 'Providers' })
    const names = within(list).getAllByRole('heading', { level: 3 })
    expect(names.map((n) => n.textContent)).toEqual(['Harbour City Training', 'Ballarat Lake College'])
    expect(bodiesSent(fetchMock, '/api/getprovidersbycourseid')).toEqual([{ courseId: '16' }])
  })

  it("shows a logged-out visitor the 'Sorry...' overlay, whose Login comes back to the provider", async () => {
    renderWithApi(path, api)
    await userEvent.click(await screen.findByRole('link', { name: /View \/ Leave a review for Harbour City Training/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Sorry...' })
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`${path}/harbour-city-training`)}`,
    )
    expect(where()).toBe(path)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('takes a logged-in user to the provider page', async () => {
    renderWithApi(path, api, student)
    await screen.findByRole('button', { name: /Account menu/ })
    await userEvent.click(await screen.findByRole('link', { name: /View \/ Leave a review for Ballarat Lake College/ }))
    await waitFor(() => expect(where()).toBe(`${path}/ballarat-lake-college`))
  })

  it("says 'No providers found' when nobody delivers the course", async () => {
    renderWithApi(path, { ...api, 'POST /api/getprovidersbycourseid': [] })
    expect(await screen.findByText('No providers found')).toBeInTheDocument()
  })

  it('does not show a course under a career it does not lead to', async () => {
    const { fetchMock } = renderWithApi('/industry/hospitality/cook/certificate-iv-in-cleaning', api)
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument()
    expect(bodiesSent(fetchMock, '/api/getprovidersbycourseid')).toEqual([])
  })
})
