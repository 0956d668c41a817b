import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApi } from '@/testing/render-with-api'

// The strip in the real shell: at the top of every page but the noNav ones.
const handlers = {
  'GET /api/admin/staticcontent/promotion-strip': {
    content: {
      displayPromotionStrip: true,
      stripMessageText: 'Win $1,000',
      stripMessageHtml: '<p><strong>Win</strong> $1,000</p>',
      displayCTAButton: false,
      buttonLabel: '',
      buttonLink: '',
    },
  },
}

describe('the promotion strip in the shell', () => {
  it('shows at the top of the page, in the promoAlt look on the home page', async () => {
    renderWithApi('/', handlers)
    const strip = await screen.findByRole('complementary', { name: 'Promotion' })
    expect(within(strip).getByText('Win').tagName).toBe('STRONG')
    expect(strip.className).toContain('bg-brand-800')
    // Spec 001: the top of every page, above the header.
    expect(screen.getByRole('banner').compareDocumentPosition(strip) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy()
  })

  it('is left out on a noNav page', async () => {
    const { fetchMock } = renderWithApi('/beta-testing-program', handlers)
    await screen.findByRole('heading', { level: 1 })
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('staticcontent'))).toBe(false)
  })
})
