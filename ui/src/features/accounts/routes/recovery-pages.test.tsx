import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, location, renderPage, reply, sentTo } from '@/testing/render-page'
import { tokenExpired } from '../api/check-token'
import ForgotPasswordPage from './forgot-password-page'
import ResetPasswordPage from './reset-password-page'
import VerifyAccountPage from './verify-account-page'

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600
const anHourAgo = () => Math.floor(Date.now() / 1000) - 3600

describe('tokenExpired', () => {
  it('reads the expiry after the last dot', () => {
    expect(tokenExpired(`abc.def.${inAnHour()}`)).toBe(false)
    expect(tokenExpired(`abc.${anHourAgo()}`)).toBe(true)
    expect(tokenExpired('abc.1700000000', 1_700_000_000_000)).toBe(true)
    expect(tokenExpired('abc.1700000001', 1_700_000_000_000)).toBe(false)
  })

  it.each(['', 'abc', 'abc.', 'abc.soon', '.0'])('treats %j as expired', (token) => {
    expect(tokenExpired(token)).toBe(true)
  })
})

describe('reset password page', () => {
  const renderReset = (path: string, handlers = {}) => {
    const fetchMock = fakeApi({ 'POST /api/check-token': true, 'POST /api/resetpassword': { msg: 'Password reset successful' }, ...handlers })
    renderPage(<ResetPasswordPage />, { path, pattern: path === '/reset-password' ? path : '/reset-password/:token' })
    return fetchMock
  }

  it('sends an expired link to /login/reset-invalid without asking the server', async () => {
    const fetchMock = renderReset(`/reset-password/abc.${anHourAgo()}`)
    await waitFor(() => expect(location()).toBe('/login/reset-invalid'))
    expect(sentTo(fetchMock, '/api/check-token')).toEqual([])
  })

  it('asks the server about a link that has not expired, and goes to reset-invalid when it says no', async () => {
    const token = `abc.${inAnHour()}`
    const fetchMock = renderReset(`/reset-password/${token}`, { 'POST /api/check-token': false })
    await waitFor(() => expect(location()).toBe('/login/reset-invalid'))
    expect(sentTo(fetchMock, '/api/check-token')).toEqual([{ tokenFor: 'forgot', token }])
  })

  it('sends /reset-password without a token to /forgot-password', async () => {
    renderReset('/reset-password')
    await waitFor(() => expect(location()).toBe('/forgot-password'))
  })

  it('checks the new password and resets it, then says so on the login page', async () => {
    const user = userEvent.setup()
    const token = `abc.${inAnHour()}`
    const fetchMock = renderReset(`/reset-password/${token}`)
    const password = await screen.findByLabelText('New password')
    const submit = screen.getByRole('button', { name: /Reset password/ })
    expect(submit).toBeDisabled()
    await user.type(password, 'weakpass')
    await user.tab()
    expect(screen.getByText('Password must be at least 8 characters long, contain at least one capital letter and one number')).toBeInTheDocument()
    await user.clear(password)
    await user.type(password, 'NewSecret9')
    await user.type(screen.getByLabelText('Confirm password'), 'NewSecret8')
    await user.tab()
    expect(screen.getByText('Password does not match')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Confirm password'), '{Backspace}9')
    await waitFor(() => expect(submit).toBeEnabled())
    await user.click(submit)
    await waitFor(() => expect(location()).toBe('/login/reset-success'))
    expect(sentTo(fetchMock, '/api/resetpassword')).toEqual([{ password: 'NewSecret9', passwordConfirm: 'NewSecret9', resetToken: token }])
  })

  it('a link used up meanwhile goes to reset-invalid; other errors are shown', async () => {
    const user = userEvent.setup()
    let status = 429
    renderReset(`/reset-password/abc.${inAnHour()}`, {
      'POST /api/resetpassword': () =>
        status === 429 ? reply(429, [{ msg: 'Too many attempts. Please try again later.' }]) : reply(400, [{ msg: 'Invalid or expired password reset link' }]),
    })
    await user.type(await screen.findByLabelText('New password'), 'NewSecret9')
    await user.type(screen.getByLabelText('Confirm password'), 'NewSecret9')
    await user.click(screen.getByRole('button', { name: /Reset password/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.')
    status = 400
    await user.click(screen.getByRole('button', { name: /Reset password/ }))
    await waitFor(() => expect(location()).toBe('/login/reset-invalid'))
  })
})

describe('forgot password page', () => {
  it('flips to Submitted at once on a valid submit, without waiting for the answer', async () => {
    const user = userEvent.setup()
    const fetchMock = fakeApi({ 'POST /api/forgotpassword': () => new Promise(() => {}) })
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' })
    await user.click(screen.getByRole('button', { name: /Send reset link/ }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'Jess@Example.com')
    await user.click(screen.getByRole('button', { name: /Send reset link/ }))
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument()
    expect(screen.getByText(/Check your inbox/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(sentTo(fetchMock, '/api/forgotpassword')).toEqual([{ email: 'jess@example.com' }])
  })
})

describe('verify account page', () => {
  it('without a token, asks for the email and flips to Submitted at once', async () => {
    const user = userEvent.setup()
    const fetchMock = fakeApi({ 'POST /api/verifyaccountform': () => new Promise(() => {}) })
    renderPage(<VerifyAccountPage />, { path: '/verify-account' })
    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: /Send verification link/ }))
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'jess@example.com')
    await user.click(screen.getByRole('button', { name: /Send verification link/ }))
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/verifyaccountform')).toEqual([{ email: 'jess@example.com' }])
  })

  it("with the token 'invalid', says 'Invalid verification link'", () => {
    fakeApi({})
    renderPage(<VerifyAccountPage />, { path: '/verify-account/invalid', pattern: '/verify-account/:token' })
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid verification link')
  })

  const renderVerify = (handler: unknown, token = `tok123.${inAnHour()}`) => {
    const fetchMock = fakeApi({ 'POST /api/verifyaccount': handler })
    renderPage(<VerifyAccountPage />, { path: `/verify-account/${token}`, pattern: '/verify-account/:token' })
    return fetchMock
  }

  it.each([['an expired', `tok123.${anHourAgo()}`], ['a malformed', 'not-a-real-token']])(
    '%s link goes to /verify-account/invalid without asking for the password',
    async (_, token) => {
      const fetchMock = renderVerify({ msg: 'Account verified successfully' }, token)
      await waitFor(() => expect(location()).toBe('/verify-account/invalid'))
      expect(sentTo(fetchMock, '/api/verifyaccount')).toEqual([])
    },
  )

  it('asks for the password, sends it with the token once and goes to /login/verify-success', async () => {
    const user = userEvent.setup()
    const fetchMock = renderVerify({ msg: 'Account verified successfully' })
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: 'Choose a password of your own' })).toHaveAttribute('href', '/forgot-password')
    expect(sentTo(fetchMock, '/api/verifyaccount')).toEqual([])
    await user.click(screen.getByRole('button', { name: /Verify account/ }))
    expect(await screen.findByText('Password is required')).toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/verifyaccount')).toEqual([])
    await user.type(screen.getByLabelText('Password'), 'Secret123')
    await user.click(screen.getByRole('button', { name: /Verify account/ }))
    await waitFor(() => expect(location()).toBe('/login/verify-success'))
    expect(sentTo(fetchMock, '/api/verifyaccount')).toEqual([{ token: expect.stringMatching(/^tok123\./), password: 'Secret123' }])
  })

  it('a wrong password is shown on the field and the link stays', async () => {
    const user = userEvent.setup()
    renderVerify(reply(400, [{ msg: 'The password is not correct', param: 'password' }]))
    await user.type(screen.getByLabelText('Password'), 'Wrong1234')
    await user.click(screen.getByRole('button', { name: /Verify account/ }))
    expect(await screen.findByText('The password is not correct')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveFocus()
    expect(location()).toMatch(/^\/verify-account\/tok123\./)
  })

  it('a refused token goes to /verify-account/invalid', async () => {
    const user = userEvent.setup()
    renderVerify(reply(400, [{ msg: 'Invalid or expired account verification link', param: 'token' }]))
    await user.type(screen.getByLabelText('Password'), 'Secret123')
    await user.click(screen.getByRole('button', { name: /Verify account/ }))
    await waitFor(() => expect(location()).toBe('/verify-account/invalid'))
  })

  it('too many tries show the server message', async () => {
    const user = userEvent.setup()
    renderVerify(reply(429, [{ msg: 'Too many attempts. Please try again later.' }]))
    await user.type(screen.getByLabelText('Password'), 'Secret123')
    await user.click(screen.getByRole('button', { name: /Verify account/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.')
  })
})
