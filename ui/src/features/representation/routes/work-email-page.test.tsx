import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, renderPage, reply, sentTo } from '@/testing/render-page'
import WorkEmailPage from './work-email-page'

const VERIFIED = {
  msg: 'Thank you: your work email is confirmed. An admin will check your claim and you will be notified.',
  claim: {
    _id: '4',
    provider: { _id: '9', name: 'Harbour TAFE', slug: 'harbour-tafe', websiteUrl: 'https://harbour.edu.au' },
    workEmail: 'pat@harbour.edu.au',
    status: 'pending',
    createdAt: '2026-11-26T10:00:00Z',
  },
}

const renderWorkEmail = (handler: unknown) => {
  const fetchMock = fakeApi({ 'POST /api/representation/verify': handler })
  renderPage(<WorkEmailPage />, { path: '/represent/verify/tok9', pattern: '/represent/verify/:token' })
  return fetchMock
}

describe('confirm work email page', () => {
  it('sends nothing until the password is given, then the token with it, and thanks', async () => {
    const user = userEvent.setup()
    const fetchMock = renderWorkEmail(VERIFIED)
    await user.click(screen.getByRole('button', { name: /Confirm work email/ }))
    expect(await screen.findByText('Password is required')).toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/representation/verify')).toEqual([])
    await user.type(screen.getByLabelText('Password'), 'Secret123')
    await user.click(screen.getByRole('button', { name: /Confirm work email/ }))
    expect(await screen.findByRole('status')).toHaveTextContent('your work email is confirmed')
    expect(sentTo(fetchMock, '/api/representation/verify')).toEqual([{ token: 'tok9', password: 'Secret123' }])
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
  })

  it('a wrong password is shown on the field', async () => {
    const user = userEvent.setup()
    renderWorkEmail(reply(400, [{ msg: 'The password is not correct', param: 'password' }]))
    await user.type(screen.getByLabelText('Password'), 'Wrong1234')
    await user.click(screen.getByRole('button', { name: /Confirm work email/ }))
    expect(await screen.findByText('The password is not correct')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveFocus()
  })

  it('a used or expired link says so', async () => {
    const user = userEvent.setup()
    renderWorkEmail(reply(400, [{ msg: 'This link is invalid or has expired.', param: 'token' }]))
    await user.type(screen.getByLabelText('Password'), 'Secret123')
    await user.click(screen.getByRole('button', { name: /Confirm work email/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.')
  })
})
