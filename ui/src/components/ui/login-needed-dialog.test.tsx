import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { loginUrl } from '@/lib/login-url'
import { GatedLink } from './login-gate'
import { useLoginGate } from './use-login-gate'

function Where() {
  const { pathname, search } = useLocation()
  return <p data-testid="where">{pathname + search}</p>
}

function Page({ user }: { user: unknown }) {
  const { gate, dialog } = useLoginGate(user)
  return (
    <>
      <GatedLink to="/course/sit30821-cookery/harbour-city" gate={gate}>
        View / Leave a review
      </GatedLink>
      {dialog}
    </>
  )
}

function renderPage(user: unknown) {
  render(
    <MemoryRouter initialEntries={['/search']}>
      <Routes>
        <Route path="*" element={<Page user={user} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  )
}

const where = () => screen.getByTestId('where').textContent

describe('loginUrl', () => {
  it('carries the target path, URL-encoded', () => {
    expect(loginUrl('/course/a/b')).toBe('/login?redirect=%2Fcourse%2Fa%2Fb')
    expect(loginUrl('/industry/x/y/z/p?tab=1')).toBe('/login?redirect=%2Findustry%2Fx%2Fy%2Fz%2Fp%3Ftab%3D1')
  })
})

describe('the login gate', () => {
  it("shows a logged-out visitor the 'Sorry...' overlay instead of following the link", async () => {
    renderPage(null)
    await userEvent.click(screen.getByRole('link', { name: 'View / Leave a review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sorry...' })
    expect(dialog).toHaveTextContent('Provider reviews are only available to members')
    expect(where()).toBe('/search')
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fcourse%2Fsit30821-cookery%2Fharbour-city',
    )
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up')
  })

  it('closes with its Close button', async () => {
    renderPage(null)
    await userEvent.click(screen.getByRole('link', { name: 'View / Leave a review' }))
    await screen.findByRole('dialog')
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('closes with Escape', async () => {
    renderPage(null)
    await userEvent.click(screen.getByRole('link', { name: 'View / Leave a review' }))
    await screen.findByRole('dialog')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('Login takes the visitor to the login page with the way back', async () => {
    renderPage(null)
    await userEvent.click(screen.getByRole('link', { name: 'View / Leave a review' }))
    await userEvent.click(await screen.findByRole('link', { name: 'Login' }))
    expect(where()).toBe('/login?redirect=%2Fcourse%2Fsit30821-cookery%2Fharbour-city')
  })

  it('lets a logged-in user follow the link', async () => {
    renderPage({ _id: '1' })
    await userEvent.click(screen.getByRole('link', { name: 'View / Leave a review' }))
    expect(where()).toBe('/course/sit30821-cookery/harbour-city')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('lets the link through while the session is still unknown (the route guard decides)', async () => {
    renderPage(undefined)
    await userEvent.click(screen.getByRole('link', { name: 'View / Leave a review' }))
    expect(where()).toBe('/course/sit30821-cookery/harbour-city')
  })
})
