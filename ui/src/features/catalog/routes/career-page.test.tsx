import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { cook, cookery, commercialCookery, industries } from '@/testing/catalog-fixtures'
import { bodiesSent, renderWithApi } from '@/testing/render-with-api'

const api = {
  'GET /api/industries': industries,
  'POST /api/getcareerbyslug': (body: unknown) => ((body as { careerSlug: string }).careerSlug === 'cook' ? cook : { status: 404, body: [{ msg: 'Career not found' }] }),
  'POST /api/getcoursesbycareerid': [cookery, commercialCookery],
}

// Whole-app renders on a shared 2-core machine can be slow; the waits inside stay specific.
describe('Career', { timeout: 30_000 }, () => {
  it("shows the career's copy as formatted text and is titled 'career | industry'", async () => {
    renderWithApi('/industry/hospitality/cook', api)
    expect(await screen.findByRole('heading', { level: 1, name: 'Cook' })).toBeInTheDocument()
    // The sanitised HTML renders as markup, not as text.
    expect(screen.getByText('Apprenticeship').tagName).toBe('STRONG')
    expect(screen.queryByText(/<strong>/)).not.toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Cook | Hospitality'))
  })

  it('lists its courses with code, name, providers and reviews (N/A when none)', async () => {
    const { fetchMock } = renderWithApi('/industry/hospitality/cook', api)
    const first = (await screen.findByRole('link', { name: 'Certificate II in Cookery' })).closest('article') as HTMLElement
    expect(first).toHaveTextContent('SIT20421')
    expect(first).toHaveTextContent('14 providers')
    expect(first).toHaveTextContent('Reviews: N/A')
    const second = screen.getByRole('link', { name: 'Certificate III in Commercial Cookery' })
    expect(second).toHaveAttribute('href', '/industry/hospitality/cook/certificate-iii-in-commercial-cookery')
    expect(second.closest('article')).toHaveTextContent('Reviews: 5')
    expect(bodiesSent(fetchMock, '/api/getcoursesbycareerid')).toEqual([{ careerId: '13' }])
  })

  it('suggests two other industries, never the current one', async () => {
    renderWithApi('/industry/hospitality/cook', api)
    const section = (await screen.findByRole('heading', { name: 'Explore other industries' })).closest('section') as HTMLElement
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2))
    const names = within(section).getAllByRole('link').map((l) => l.textContent)
    expect(names.sort()).toEqual(['Hair and Beauty', 'Outdoor Recreation'])
    expect(within(section).getByRole('link', { name: 'Hair and Beauty' })).toHaveAttribute('href', '/industry/hair-beauty')
  })

  it('says kindly when the career does not exist', async () => {
    renderWithApi('/industry/hospitality/astronaut', api)
    expect(await screen.findByRole('heading', { level: 1, name: 'Career not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse all industries' })).toHaveAttribute('href', '/industries')
  })

  it('does not show a career under an industry it does not belong to', async () => {
    renderWithApi('/industry/hair-beauty/cook', api)
    expect(await screen.findByRole('heading', { level: 1, name: 'Career not found' })).toBeInTheDocument()
  })
})
