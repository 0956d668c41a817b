import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { admin } from '@/testing/render-app'
import { fakeApi, renderPage, reply, sentTo, type ApiHandler } from '@/testing/render-page'
import type { FoundUser } from '../api/search-user'
import SearchUserPage from './search-user-page'

const ada: FoundUser = {
  _id: '12',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  gender: 'Female',
  userType: 'Employer',
  avatar: 2,
  profileImage: null,
  businessName: 'Ada Pty Ltd',
  abn: '51824753556',
  isAdmin: false,
}

function renderSearch(handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = fakeApi({ 'POST /api/admin/searchuser': ada, ...handlers }, admin)
  renderPage(<SearchUserPage />, { path: '/admin/search-user' })
  return fetchMock
}

/** Types into the one email input and presses Enter, as the spec says. */
async function search(email: string) {
  const input = screen.getByRole('textbox', { name: 'User email' })
  await userEvent.clear(input)
  await userEvent.type(input, `${email}{Enter}`)
}

const card = () => screen.findByRole('article', { name: 'Ada Lovelace' })

describe('Search User', () => {
  it("asks for an email: 'Email is required', then 'Email is invalid', without asking the server", async () => {
    const fetchMock = renderSearch()
    const input = screen.getByRole('textbox', { name: 'User email' })
    expect(input).toHaveAttribute('placeholder', 'type user email here')
    await userEvent.type(input, '{Enter}')
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(input).toHaveAccessibleDescription('Email is required')
    await search('ada@')
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/admin/searchuser')).toEqual([])
  })

  it("shows the user found: picture, type, names, email, gender, business name and ABN, and 'Admin' for an admin", async () => {
    const fetchMock = renderSearch({ 'POST /api/admin/searchuser': { ...ada, isAdmin: true } })
    await search('Ada@Example.com')
    const found = await card()
    expect(sentTo(fetchMock, '/api/admin/searchuser')).toEqual([{ searchText: 'Ada@Example.com' }])
    expect(found.querySelector('img')).toHaveAttribute('src', '/assets/img/avatars/Employer-avatar-2.png')
    const detail = (label: string) => within(found).getByText(label, { selector: 'dt' }).nextElementSibling
    expect(detail('First name')).toHaveTextContent('Ada')
    expect(detail('Last name')).toHaveTextContent('Lovelace')
    expect(detail('Email')).toHaveTextContent('ada@example.com')
    expect(detail('Gender')).toHaveTextContent('Female')
    expect(detail('User type')).toHaveTextContent('Employer')
    expect(detail('Business name')).toHaveTextContent('Ada Pty Ltd')
    expect(detail('ABN')).toHaveTextContent('51824753556')
    expect(within(found).getByText('Admin')).toBeInTheDocument()
    expect(within(found).getByRole('button', { name: 'Delete User' })).toBeInTheDocument()
  })

  it('leaves out the business name and ABN when there are none, and shows an uploaded picture', async () => {
    renderSearch({
      'POST /api/admin/searchuser': { ...ada, userType: 'Student', businessName: null, abn: null, profileImage: 'ada.png' },
    })
    await search('ada@example.com')
    const found = await card()
    expect(found.querySelector('img')).toHaveAttribute('src', '/media/ada.png')
    expect(within(found).queryByText('Business name')).not.toBeInTheDocument()
    expect(within(found).queryByText('ABN')).not.toBeInTheDocument()
    expect(within(found).queryByText('Admin')).not.toBeInTheDocument()
  })

  it("shows the server's messages as they are", async () => {
    renderSearch({ 'POST /api/admin/searchuser': reply(404, [{ msg: 'No user found with that email' }]) })
    await search('nobody@example.com')
    expect(await screen.findByRole('alert')).toHaveTextContent('No user found with that email')
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })

  it('clears the last answer when the email changes, so an old one never stands beside a new message', async () => {
    renderSearch({ 'POST /api/admin/searchuser': reply(404, [{ msg: 'No user found with that email' }]) })
    await search('nobody@example.com')
    expect(await screen.findByRole('alert')).toHaveTextContent('No user found with that email')
    const input = screen.getByRole('textbox', { name: 'User email' })
    await userEvent.clear(input)
    await userEvent.type(input, 'not an email')
    expect(screen.queryByText('No user found with that email')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument()
    expect(screen.queryByText('No user found with that email')).not.toBeInTheDocument()
  })

  it('Cancel leaves the user alone', async () => {
    const fetchMock = renderSearch()
    await search('ada@example.com')
    await userEvent.click(within(await card()).getByRole('button', { name: 'Delete User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this user?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await card()).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)
  })

  it("Yes Delete User deletes, clears the result and shows the server's message", async () => {
    const fetchMock = renderSearch({ 'DELETE /api/admin/user/12': [{ msg: 'User deleted successfully' }] })
    await search('ada@example.com')
    await userEvent.click(within(await card()).getByRole('button', { name: 'Delete User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this user?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes Delete User' }))
    expect(await screen.findByRole('status')).toHaveTextContent('User deleted successfully')
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => String(input))).toEqual([
      '/api/admin/user/12',
    ])
  })

  it("shows the first error's message when the deletion fails, and keeps the user", async () => {
    renderSearch({
      'DELETE /api/admin/user/12': reply(403, [{ msg: 'The last admin account cannot be deleted.' }, { msg: 'A second line' }]),
    })
    await search('ada@example.com')
    await userEvent.click(within(await card()).getByRole('button', { name: 'Delete User' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes Delete User' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The last admin account cannot be deleted.')
    expect(screen.queryByText('A second line')).not.toBeInTheDocument()
    expect(await card()).toBeInTheDocument()
  })
})
