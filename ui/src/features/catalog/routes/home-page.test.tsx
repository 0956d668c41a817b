import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { industries } from '@/testing/catalog-fixtures'
import { student } from '@/testing/render-app'
import { renderWithApi, where } from '@/testing/render-with-api'

const featured = {
  courseSlug: 'certificate-iii-in-commercial-cookery',
  providerSlug: 'harbour-city-training',
  providerName: 'Harbour City Training',
  courseName: 'Certificate III in Commercial Cookery',
  reviewCount: 7,
  data: [{ userType: 'Student', score: 4.25 }],
  overall: 4.125,
  ratedCount: 6,
}

const api = {
  'GET /api/getrandomprovider': [featured, { ...featured, providerName: 'Second Pick' }],
  'GET /api/industries': industries,
}

const card = async () => (await screen.findByText('Featured provider')).closest('article') as HTMLElement

// Whole-app renders on a shared 2-core machine can be slow; the waits inside stay specific.
describe('Home', { timeout: 30_000 }, () => {
  it('features the first random provider with its counts and averages', async () => {
    renderWithApi('/', api)
    const article = await card()
    expect(within(article).getByRole('heading', { name: 'Harbour City Training' })).toBeInTheDocument()
    expect(article).toHaveTextContent('Certificate III in Commercial Cookery')
    expect(article).toHaveTextContent('7Reviews')
    expect(within(article).getByRole('img', { name: 'Student or Graduate average: 4.3 out of 5' })).toBeInTheDocument()
    expect(within(article).getByRole('img', { name: 'Employer average: no score yet' })).toHaveTextContent('N/A')
    // The pair's real overall average with its count, never a fixed figure.
    expect(within(article).getByTestId('featured-overall')).toHaveTextContent('4.1overallReviews: 6')
    expect(article).not.toHaveTextContent('4.8')
    expect(screen.queryByText('Second Pick')).not.toBeInTheDocument()
  })

  it("shows N/A overall for a pair without rated reviews, saying they are not rated, and 'based on N reviews' for few", async () => {
    let view = renderWithApi('/', { ...api, 'GET /api/getrandomprovider': [{ ...featured, data: [], overall: null, ratedCount: 0, reviewCount: 0 }] })
    expect(within(await card()).getByTestId('featured-overall')).toHaveTextContent(/^N\/Aoverall$/)
    view.unmount()
    // One review, unrated: never 'N/A overall' beside '1 Review' with nothing to explain it.
    view = renderWithApi('/', { ...api, 'GET /api/getrandomprovider': [{ ...featured, data: [], overall: null, ratedCount: 0, reviewCount: 1 }] })
    expect(within(await card()).getByTestId('featured-overall')).toHaveTextContent('N/Aoverall1 review, not rated')
    view.unmount()
    renderWithApi('/', { ...api, 'GET /api/getrandomprovider': [{ ...featured, overall: 5, ratedCount: 1 }] })
    expect(within(await card()).getByTestId('featured-overall')).toHaveTextContent('5overallbased on 1 review')
  })

  it('asks a logged-out visitor to log in before the reviews, with the way back', async () => {
    renderWithApi('/', api)
    await userEvent.click(within(await card()).getByRole('link', { name: 'Harbour City Training' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sorry...' })
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fcourse%2Fcertificate-iii-in-commercial-cookery%2Fharbour-city-training',
    )
    expect(within(dialog).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up')
    expect(where()).toBe('/')
  })

  it('takes a logged-in user to the provider', async () => {
    renderWithApi('/', api, student)
    // Wait until the page knows who is logged in.
    await screen.findByRole('button', { name: /Account menu/ })
    await userEvent.click(within(await card()).getByRole('link', { name: 'Harbour City Training' }))
    await waitFor(() => expect(where()).toBe('/course/certificate-iii-in-commercial-cookery/harbour-city-training'))
  })

  it('lists every industry with its careers, copy, reviews and link', async () => {
    renderWithApi('/', api)
    const list = await screen.findByRole('heading', { name: 'Browse by industry' })
    const section = list.closest('section') as HTMLElement
    const items = await within(section).findAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[1]).toHaveTextContent('7 careers')
    expect(items[1]).toHaveTextContent('Cooking and serving guests.')
    expect(items[1]).toHaveTextContent('Reviews: 12')
    expect(items[0]).toHaveTextContent('Reviews: N/A')
    expect(within(items[1]).getByRole('link', { name: 'Hospitality' })).toHaveAttribute('href', '/industry/hospitality')
  })

  it('leaves the featured card out when none can be loaded', async () => {
    renderWithApi('/', { 'GET /api/industries': industries, 'GET /api/getrandomprovider': [] })
    await screen.findByRole('link', { name: 'Hospitality' })
    expect(screen.queryByText('Featured provider')).not.toBeInTheDocument()
  })
})
