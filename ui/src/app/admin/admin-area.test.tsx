import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { admin, student } from '@/testing/render-app'
import { renderWithApi, where } from '@/testing/render-with-api'

// The admin routes through the real route table, guard and lazy chunks.
const handlers = {
  'GET /api/review/getunactioned': 4,
  'POST /api/review/pullreviews': [],
  'GET /api/review/reported': [],
}

describe('the admin area', () => {
  it('opens Moderate Reviews at /admin, inside the admin menu', async () => {
    renderWithApi('/admin', handlers, admin)
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderate Reviews' })).toBeInTheDocument()
    expect(await screen.findByText('No reviews found')).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Admin' })
    expect(await within(menu).findByRole('link', { name: 'Moderate Reviews, 4 waiting' })).toHaveAttribute('aria-current', 'page')
    expect(document.title).toBe('Moderate Reviews | Admin')
  })

  it.each([
    ['/admin/promo-strip', 'Promotion Strip'],
    ['/admin/edit-content', 'Edit Content'],
  ])('opens %s inside the admin layout', async (path, title) => {
    renderWithApi(path, handlers, admin)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Admin' })
    const current = within(menu).getAllByRole('link').find((link) => link.getAttribute('aria-current') === 'page')
    expect(current).toHaveAttribute('href', path)
    expect(document.title).toBe(`${title} | Admin`)
  })

  it('opens Search User at /admin/search-user, as Users in the menu', async () => {
    renderWithApi('/admin/search-user', handlers, admin)
    expect(await screen.findByRole('heading', { level: 1, name: 'Search User' })).toBeInTheDocument()
    expect(await screen.findByLabelText('User email')).toHaveAttribute('placeholder', 'type user email here')
    const menu = screen.getByRole('navigation', { name: 'Admin' })
    expect(within(menu).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page')
    expect(document.title).toBe('Search User | Admin')
  })

  it('sends a non-admin home', async () => {
    renderWithApi('/admin', handlers, student)
    await screen.findByTestId('where')
    await expect.poll(where).toBe('/')
  })
})
