import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { admin, student } from '@/testing/render-app'
import { renderWithApi, where } from '@/testing/render-with-api'

// The admin routes through the real route table, guard and lazy chunks.
const handlers = {
  'GET /api/review/getunactioned': 4,
  'POST /api/review/pullreviews': [],
}

describe('the admin area', () => {
  it('opens Moderate Reviews at /admin, inside the admin menu', async () => {
    renderWithApi('/admin', handlers, admin)
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderate Reviews' })).toBeInTheDocument()
    expect(await screen.findByText('No reviews found')).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Admin' })
    expect(await within(menu).findByRole('link', { name: 'Moderate Reviews, 4 unactioned' })).toHaveAttribute('aria-current', 'page')
    expect(document.title).toBe('Moderate Reviews | Admin')
  })

  it.each([
    ['/admin/promo-strip', 'Promotion Strip'],
    ['/admin/edit-content', 'Edit Content'],
    ['/admin/search-user', 'Search User'],
  ])('keeps %s as Coming soon inside the admin layout', async (path, title) => {
    renderWithApi(path, handlers, admin)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByText('Coming soon', { selector: 'p' })).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Admin' })
    const current = within(menu).getAllByRole('link').find((link) => link.getAttribute('aria-current') === 'page')
    expect(current).toHaveAttribute('href', path)
    expect(document.title).toBe(`${title} | Admin`)
  })

  it('sends a non-admin home', async () => {
    renderWithApi('/admin', handlers, student)
    await screen.findByTestId('where')
    await expect.poll(where).toBe('/')
  })
})
