import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { industries } from '@/testing/catalog-fixtures'
import { bodiesSent, renderWithApi } from '@/testing/render-with-api'

// Whole-app renders on a shared 2-core machine can be slow; the waits inside stay specific.
describe('Industries', { timeout: 30_000 }, () => {
  it('shows the course count and every industry', async () => {
    const { fetchMock } = renderWithApi('/industries', {
      'GET /api/industries': industries,
      'POST /api/getcoursecount': { count: 210 },
    })
    expect(await screen.findByText(/across 3 industries/)).toHaveTextContent('210 courses across 3 industries')
    expect(bodiesSent(fetchMock, '/api/getcoursecount')).toEqual([{}])
    for (const industry of industries) {
      expect(within(screen.getByRole('main')).getByRole('link', { name: industry.name })).toHaveAttribute('href', `/industry/${industry.slug}`)
    }
    expect(document.title).toBe('Industries | CourseSource')
  })

  it('shows placeholders while loading', async () => {
    renderWithApi('/industries', { 'GET /api/industries': () => new Promise(() => {}) })
    expect(await screen.findByText('Loading industries…')).toBeInTheDocument()
    expect(screen.getByText('Loading industries…').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true')
  })
})
