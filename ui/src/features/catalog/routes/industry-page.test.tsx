import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { chef, cook, industries } from '@/testing/catalog-fixtures'
import { bodiesSent, renderWithApi } from '@/testing/render-with-api'

const barista = { ...cook, _id: '12', slug: 'barista', name: 'Barista', copy: '<p>Coffee.</p>', courses: 1 }

const api = {
  'GET /api/industries': industries,
  // Out of order on purpose: the page sorts by name.
  'POST /api/getcareersbyindustryid': [cook, chef, barista],
}

// Whole-app renders on a shared 2-core machine can be slow; the waits inside stay specific.
describe('Industry', { timeout: 30_000 }, () => {
  it('shows the industry and its careers sorted by name, each linking to its page', async () => {
    const { fetchMock } = renderWithApi('/industry/hospitality', api)
    expect(await screen.findByRole('heading', { level: 1, name: 'Hospitality' })).toBeInTheDocument()
    expect(screen.getByText('Cooking and serving guests.')).toBeInTheDocument()
    const careers = await screen.findAllByRole('heading', { level: 3 })
    expect(careers.map((c) => c.textContent)).toEqual(['Barista', 'Chef', 'Cook'])
    expect(screen.getByRole('link', { name: 'Cook' })).toHaveAttribute('href', '/industry/hospitality/cook')
    expect(screen.getByText('3 courses')).toBeInTheDocument()
    expect(bodiesSent(fetchMock, '/api/getcareersbyindustryid')).toEqual([{ industryId: '2' }])
    await waitFor(() => expect(document.title).toBe('Hospitality | Industry'))
  })

  it('titles the page with the real name, not the slug', async () => {
    renderWithApi('/industry/hair-beauty', { ...api, 'POST /api/getcareersbyindustryid': [] })
    expect(await screen.findByRole('heading', { level: 1, name: 'Hair and Beauty' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Hair and Beauty | Industry'))
  })

  it('says kindly when the industry does not exist, with a way to all industries', async () => {
    const { fetchMock } = renderWithApi('/industry/underwater-basket-weaving', api)
    expect(await screen.findByRole('heading', { level: 1, name: 'Industry not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse all industries' })).toHaveAttribute('href', '/industries')
    expect(bodiesSent(fetchMock, '/api/getcareersbyindustryid')).toEqual([])
  })
})
