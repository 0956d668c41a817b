import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { student } from '@/testing/render-app'
import { fakeApi, location, renderPage, reply, sentTo, type ApiHandler } from '@/testing/render-page'
import LoginPage from './login-page'

function renderLogin(path: string, handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = fakeApi({ 'POST /api/auth/login': { token: 'ignored', ...student }, ...handlers })
  const view = renderPage(<LoginPage />, { path, pattern: path.startsWith('/login/') ? '/login/:id' : '/login' })
  return { fetchMock, ...view }
}

const email = () => screen.getByLabelText('Email')
const password = () => screen.getByLabelText('Password')
const loginButton = () => screen.getByRole('button', { name: 'Login' })

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(email(), ' Jess@Example.com')
  await user.type(password(), 'Secret123')
  await user.click(loginButton())
}

describe('login page', () => {
  it('has the fields and the links of the spec', () => {
    renderLogin('/login')
    expect(email()).toHaveAttribute('type', 'email')
    expect(password()).toHaveAttribute('type', 'password')
    expect(screen.getByRole('checkbox', { name: 'Keep me logged in' })).not.toBeChecked()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up')
    expect(screen.getByRole('link', { name: 'Send verification link' })).toHaveAttribute('href', '/verify-account')
  })

  it.each([
    ['verify-success', 'status', 'Account verified successfully'],
    ['verify-invalid', 'alert', 'Invalid or expired account verification link'],
    ['reset-success', 'status', 'Password reset successful'],
    ['reset-invalid', 'alert', 'Invalid or expired password reset link'],
  ])('/login/%s says so', (id, role, message) => {
    renderLogin(`/login/${id}`)
    expect(screen.getByRole(role)).toHaveTextContent(message)
  })

  it('sends any other id to /login', async () => {
    renderLogin('/login/whatever?redirect=%2Ffavourites')
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Ffavourites'))
  })

  it('an invalid submit asks for the login details, and any edit clears it', async () => {
    const user = userEvent.setup()
    const { fetchMock } = renderLogin('/login')
    await user.type(email(), 'jess@example')
    await user.click(loginButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your login details')
    expect(sentTo(fetchMock, '/api/auth/login')).toEqual([])
    await user.type(password(), 'x')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the unactivated account message with a link to send a new verification link', async () => {
    const user = userEvent.setup()
    renderLogin('/login', { 'POST /api/auth/login': reply(403, [{ msg: 'Account unactivated' }]) })
    await logIn(user)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Account unactivated. Please verify your email.')
    expect(alert.querySelector('a')).toHaveAttribute('href', '/verify-account')
  })

  it.each([
    [401, 'Incorrect email or password'],
    [429, 'Too many attempts. Please try again later.'],
  ])('shows a %i error as received, until the next edit', async (status, message) => {
    const user = userEvent.setup()
    renderLogin('/login', { 'POST /api/auth/login': reply(status, [{ msg: message }]) })
    await logIn(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(location()).toBe('/login')
    await user.click(screen.getByRole('checkbox', { name: 'Keep me logged in' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('sends the normalised email, the password and keepLoggedIn', async () => {
    const user = userEvent.setup()
    const { fetchMock } = renderLogin('/login')
    await user.click(screen.getByRole('checkbox', { name: 'Keep me logged in' }))
    await logIn(user)
    await waitFor(() => expect(sentTo(fetchMock, '/api/auth/login')).toEqual([{ email: 'jess@example.com', password: 'Secret123', keepLoggedIn: true }]))
  })
})

describe('where login leads', () => {
  it.each([
    ['the redirect parameter', '/login?redirect=%2Ffavourites', '/about', '/favourites'],
    ['the previous page without a redirect', '/login', '/industry/hospitality?sort=a-z', '/industry/hospitality?sort=a-z'],
    ['home without either', '/login', null, '/'],
    ['the previous page, not an external redirect', '/login?redirect=https%3A%2F%2Fevil.example', '/contact', '/contact'],
    ['home, not a protocol-relative redirect', '/login?redirect=%2F%2Fevil.example', null, '/'],
    ['on from a message page', '/login/verify-success?redirect=%2Fprofile', null, '/profile'],
  ])('goes to %s', async (_, path, previous, target) => {
    if (previous) localStorage.setItem('previousUrl', previous)
    const user = userEvent.setup()
    const { client } = renderLogin(path)
    client.setQueryData(['userinfo'], null)
    await logIn(user)
    await waitFor(() => expect(location()).toBe(target))
    // The session changed: the old answer (logged out) is forgotten, so every page asks again.
    expect(client.getQueryData(['userinfo'])).toBeUndefined()
  })
})
