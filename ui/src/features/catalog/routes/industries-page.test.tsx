import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { forgetEmbeddedAnswers } from '@/lib/page-data'
import { industries } from '@/testing/catalog-fixtures'
import { bodiesSent, renderWithApi } from '@/testing/render-with-api'

afterEach(() => {
  document.getElementById('page-data')?.remove()
  forgetEmbeddedAnswers()
})

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

  it("draws at once from the answers the server embedded in the page, without asking again", async () => {
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: 'page-data' })
    block.textContent = JSON.stringify({
      answers: [
        { method: 'GET', path: '/api/industries', answer: industries },
        { method: 'POST', path: '/api/getcoursecount', body: {}, answer: { count: 210 } },
      ],
    })
    document.body.append(block)
    forgetEmbeddedAnswers()
    const { fetchMock } = renderWithApi('/industries', {})
    expect(await screen.findByText(/across 3 industries/)).toHaveTextContent('210 courses across 3 industries')
    const asked = fetchMock.mock.calls.map(([input]) => String(input))
    expect(asked).not.toContain('/api/industries')
    expect(asked).not.toContain('/api/getcoursecount')
  })

  it('shows placeholders while loading', async () => {
    renderWithApi('/industries', { 'GET /api/industries': () => new Promise(() => {}) })
    expect(await screen.findByText('Loading industries…')).toBeInTheDocument()
    expect(screen.getByText('Loading industries…').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true')
  })
})
