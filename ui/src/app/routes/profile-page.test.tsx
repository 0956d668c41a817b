import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { User } from '@/lib/auth/get-userinfo'
import { student } from '@/testing/render-app'
import { fakeApi, renderPage, reply, sentTo, type ApiHandler } from '@/testing/render-page'
import { leaveForHome } from '@/features/profile/components/leave-for-home'
import ProfilePage from './profile-page'

vi.mock('@/features/profile/components/leave-for-home', () => ({ leaveForHome: vi.fn() }))

const sam: User = {
  ...student,
  _id: '7',
  firstName: 'Sam',
  lastName: 'Nguyen',
  email: 'sam@example.com',
  gender: 'Female',
  optIn: true,
  nickName: 'SamCooks',
  dateOfBirth: '14 March 2004',
  businessName: null,
  jobTitle: null,
  abn: null,
  avatar: 2,
}

const parent: User = { ...sam, userType: 'Parent', nickName: null, dateOfBirth: null }

function renderProfile(user: User = sam, handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = fakeApi(
    {
      'POST /api/check-email': true,
      'POST /api/check-nickname': true,
      'POST /api/updatedetails': { msg: 'Details updated successfully', user },
      'POST /api/updateemail': (body: unknown) => ({ msg: 'Email updated successfully', pendingEmail: (body as { email: string }).email }),
      'POST /api/updatepassword': { msg: 'Password updated successfully', token: 'x' },
      ...handlers,
    },
    user,
  )
  renderPage(<ProfilePage />, { path: '/profile' })
  return fetchMock
}

const form = (name: string) => screen.getByRole('form', { name })
const button = (scope: HTMLElement, name: string | RegExp) => within(scope).queryByRole('button', { name })

const emailInput = () => screen.getByLabelText('Email', { selector: 'input' })

async function ready() {
  await screen.findByRole('heading', { level: 2, name: 'Basic Information' })
}

describe('profile page', () => {
  it('shows the side nav, the saved values and no action buttons until something changes', async () => {
    renderProfile()
    await ready()
    const nav = screen.getByRole('navigation', { name: 'My profile' })
    expect(within(nav).getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile')
    expect(within(nav).getByRole('link', { name: 'My reviews' })).toHaveAttribute('href', '/profile/reviews')
    expect(within(nav).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/profile/notifications')
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Review Course Providers' })).toHaveAttribute('href', '/industries')

    expect(screen.getByLabelText('First name')).toHaveValue('Sam')
    expect(screen.getByLabelText('Nick name')).toHaveValue('SamCooks')
    expect(screen.getByLabelText('Date of Birth', { selector: 'button' })).toHaveTextContent('14 March 2004')
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked()
    expect(emailInput()).toHaveValue('sam@example.com')
    for (const name of ['Your details', 'Email address', 'Change password']) {
      expect(button(form(name), /Save/)).not.toBeInTheDocument()
      expect(button(form(name), 'Cancel')).not.toBeInTheDocument()
    }
    expect(screen.queryByLabelText('Confirm email')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Confirm new password')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Download my data/ })).toHaveAttribute('href', '/api/account/export')
    expect(screen.getByRole('link', { name: /Download my data/ })).toHaveAttribute('download')
  })

  it('offers Review Course Providers only to Students and Employers', async () => {
    renderProfile(parent)
    await ready()
    expect(screen.queryByRole('link', { name: 'Review Course Providers' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Nick name')).not.toBeInTheDocument()
  })

  it('shows the details buttons only while a value differs from the saved one', async () => {
    const user = userEvent.setup()
    renderProfile()
    await ready()
    const details = form('Your details')
    await user.type(screen.getByLabelText('First name'), 'x')
    expect(button(details, 'Save details')).toBeInTheDocument()
    expect(button(details, 'Cancel')).toBeInTheDocument()
    await user.type(screen.getByLabelText('First name'), '{Backspace}')
    expect(button(details, 'Save details')).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: /Keep me up to date/ }))
    expect(button(details, 'Save details')).toBeInTheDocument()
  })

  it('reveals Confirm email and the buttons once the email differs, and checks it is free', async () => {
    const user = userEvent.setup()
    const fetchMock = renderProfile(sam, { 'POST /api/check-email': false })
    await ready()
    await user.clear(emailInput())
    await user.type(emailInput(), 'Kim@Example.com')
    expect(screen.getByLabelText('Confirm email')).toBeInTheDocument()
    expect(button(form('Email address'), 'Save email')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText('This email address is unavailable.')).toBeInTheDocument())
    expect(sentTo(fetchMock, '/api/check-email')).toEqual([{ email: 'kim@example.com' }])
    expect(button(form('Email address'), 'Save email')).toBeDisabled()
  })

  it('reveals the password confirmation and buttons once a password is typed', async () => {
    const user = userEvent.setup()
    renderProfile()
    await ready()
    await user.type(screen.getByLabelText('New password'), 'S')
    expect(screen.getByLabelText('Confirm new password')).toBeInTheDocument()
    expect(button(form('Change password'), 'Save password')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('New password'))
    expect(screen.queryByLabelText('Confirm new password')).not.toBeInTheDocument()
    expect(button(form('Change password'), 'Save password')).not.toBeInTheDocument()
  })

  it('Cancel in one form resets every form', async () => {
    const user = userEvent.setup()
    renderProfile()
    await ready()
    await user.type(screen.getByLabelText('Last name'), 's')
    await user.clear(emailInput())
    await user.type(emailInput(), 'new@example.com')
    await user.type(screen.getByLabelText('New password'), 'Secret999')
    await user.click(button(form('Change password'), 'Cancel')!)

    expect(screen.getByLabelText('Last name')).toHaveValue('Nguyen')
    expect(emailInput()).toHaveValue('sam@example.com')
    expect(screen.getByLabelText('New password')).toHaveValue('')
    for (const name of ['Your details', 'Email address', 'Change password']) expect(button(form(name), 'Cancel')).not.toBeInTheDocument()
  })

  it('says Nick name is required (not the spec slip "Last name is required")', async () => {
    const user = userEvent.setup()
    renderProfile()
    await ready()
    await user.clear(screen.getByLabelText('Nick name'))
    await user.tab()
    expect(screen.getByText('Nick name is required')).toBeInTheDocument()
    expect(button(form('Your details'), 'Save details')).toBeDisabled()
  })

  it('saves the details with the picture as it is, and says so', async () => {
    const user = userEvent.setup()
    const fetchMock = renderProfile({ ...sam, profileImage: 'abc.png' })
    await ready()
    await user.clear(screen.getByLabelText('First name'))
    await user.type(screen.getByLabelText('First name'), 'Samantha')
    await user.click(button(form('Your details'), 'Save details')!)
    expect(await within(form('Your details')).findByRole('status')).toHaveTextContent('Details updated successfully')
    expect(sentTo(fetchMock, '/api/updatedetails')).toEqual([
      {
        userId: '7',
        firstName: 'Samantha',
        lastName: 'Nguyen',
        gender: 'Female',
        optIn: true,
        avatar: 2,
        profileImage: 'abc.png',
        nickName: 'SamCooks',
        dateOfBirth: '14 March 2004',
        businessName: '',
        jobTitle: '',
        abn: '',
      },
    ])
    expect(button(form('Your details'), 'Save details')).not.toBeInTheDocument()
  })

  it('shows error answers as lines', async () => {
    const user = userEvent.setup()
    renderProfile(sam, { 'POST /api/updatedetails': reply(409, [{ msg: 'This Nick name is taken.', param: 'nickName' }]) })
    await ready()
    await user.type(screen.getByLabelText('Nick name'), 'x')
    await waitFor(() => expect(button(form('Your details'), 'Save details')).toBeEnabled())
    await user.click(button(form('Your details'), 'Save details')!)
    expect(await within(form('Your details')).findByRole('alert')).toHaveTextContent('This Nick name is taken.')
  })

  it('starts an email change and says the old address stays until the link is followed', async () => {
    const user = userEvent.setup()
    const fetchMock = renderProfile()
    await ready()
    await user.clear(emailInput())
    await user.type(emailInput(), 'new@example.com')
    await user.type(screen.getByLabelText('Confirm email'), 'new@example.com')
    await user.type(within(form('Email address')).getByLabelText('Current password'), 'Secret123')
    await waitFor(() => expect(button(form('Email address'), 'Save email')).toBeEnabled())
    await user.click(button(form('Email address'), 'Save email')!)
    const status = await within(form('Email address')).findByRole('status')
    expect(status).toHaveTextContent('Email updated successfully')
    expect(status).toHaveTextContent('new@example.com')
    expect(status).toHaveTextContent('sam@example.com')
    expect(sentTo(fetchMock, '/api/updateemail')).toEqual([
      { userId: '7', email: 'new@example.com', emailConfirm: 'new@example.com', currentPassword: 'Secret123' },
    ])
    expect(emailInput()).toHaveValue('sam@example.com')
  })

  it('shows a taken address (code 11000) as unavailable', async () => {
    const user = userEvent.setup()
    renderProfile(sam, {
      'POST /api/updateemail': reply(409, [{ msg: 'This email address is unavailable.', param: 'email', code: 11000 }]),
    })
    await ready()
    await user.clear(emailInput())
    await user.type(emailInput(), 'kim@example.com')
    await user.type(screen.getByLabelText('Confirm email'), 'kim@example.com')
    await user.type(within(form('Email address')).getByLabelText('Current password'), 'Secret123')
    await waitFor(() => expect(button(form('Email address'), 'Save email')).toBeEnabled())
    await user.click(button(form('Email address'), 'Save email')!)
    expect(await within(form('Email address')).findByRole('alert')).toHaveTextContent('This email address is unavailable.')
  })

  it('changes the password', async () => {
    const user = userEvent.setup()
    const fetchMock = renderProfile()
    await ready()
    await user.type(screen.getByLabelText('New password'), 'short')
    await user.tab()
    expect(screen.getByText('Password must be at least 8 characters long, contain at least one capital letter and one number')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('New password'))
    await user.type(screen.getByLabelText('New password'), 'Secret999')
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret999')
    const current = within(form('Change password')).getByLabelText('Current password')
    await user.click(current)
    await user.tab()
    expect(within(form('Change password')).getByText('Current password is required')).toBeInTheDocument()
    expect(button(form('Change password'), 'Save password')).toBeDisabled()
    await user.type(current, 'Secret123')
    await user.click(button(form('Change password'), 'Save password')!)
    expect(await within(form('Change password')).findByRole('status')).toHaveTextContent('Password updated successfully')
    expect(sentTo(fetchMock, '/api/updatepassword')).toEqual([
      { userId: '7', currentPassword: 'Secret123', newPassword: 'Secret999', newPasswordConfirm: 'Secret999' },
    ])
    expect(screen.getByLabelText('New password')).toHaveValue('')
  })
})

describe('current password', () => {
  it("shows the server's answer when the current password is wrong", async () => {
    const user = userEvent.setup()
    renderProfile(sam, {
      'POST /api/updateemail': reply(400, [{ msg: 'The current password is not correct', param: 'currentPassword' }]),
    })
    await ready()
    await user.clear(emailInput())
    await user.type(emailInput(), 'new@example.com')
    await user.type(screen.getByLabelText('Confirm email'), 'new@example.com')
    await user.type(within(form('Email address')).getByLabelText('Current password'), 'Guess1234')
    await waitFor(() => expect(button(form('Email address'), 'Save email')).toBeEnabled())
    await user.click(button(form('Email address'), 'Save email')!)
    expect(await within(form('Email address')).findByRole('alert')).toHaveTextContent('The current password is not correct')
    expect(emailInput()).toHaveValue('new@example.com')
  })
})

describe('avatar overlay', () => {
  it('for a Student without a picture, opens the file chooser at once; Save waits for a choice', async () => {
    const user = userEvent.setup()
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {})
    renderProfile()
    await ready()
    await user.click(screen.getByRole('button', { name: 'Change profile picture' }))
    const dialog = await screen.findByRole('dialog', { name: 'Profile picture' })
    expect(click).toHaveBeenCalledTimes(1)
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Upload a picture' })).toBeInTheDocument()
    expect(within(dialog).getByRole('radio', { name: 'Avatar 3' })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('for other users, offers only the avatars and saves the one picked', async () => {
    const user = userEvent.setup()
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {})
    const fetchMock = renderProfile(parent)
    await ready()
    await user.click(screen.getByRole('button', { name: 'Change profile picture' }))
    const dialog = await screen.findByRole('dialog', { name: 'Profile picture' })
    expect(click).not.toHaveBeenCalled()
    expect(within(dialog).queryByRole('button', { name: 'Upload a picture' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('img', { name: 'Avatar 1' })).toHaveAttribute('src', '/assets/img/avatars/Parent-avatar-0.png')
    await user.click(within(dialog).getByRole('radio', { name: 'Avatar 3' }))
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.click(within(dialog).getByRole('radio', { name: 'Avatar 5' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sentTo(fetchMock, '/api/updatedetails')).toMatchObject([{ avatar: 4, profileImage: '', firstName: 'Sam' }])
    expect(screen.getByText('Details updated successfully')).toBeInTheDocument()
  })

  it('a Student with an uploaded picture sees it, and no file chooser opens by itself', async () => {
    const user = userEvent.setup()
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {})
    renderProfile({ ...sam, profileImage: 'abc.png' })
    await ready()
    const picture = screen.getByRole('button', { name: 'Change profile picture' }).querySelector('img')
    expect(picture).toHaveAttribute('src', '/media/abc.png')
    await user.click(screen.getByRole('button', { name: 'Change profile picture' }))
    const dialog = await screen.findByRole('dialog', { name: 'Profile picture' })
    expect(click).not.toHaveBeenCalled()
    expect(within(dialog).getByText('Choosing an avatar replaces your uploaded picture.')).toBeInTheDocument()
  })
})

describe('deleting the account', () => {
  it('asks for the password, shows a refusal, and leaves for home once deleted', async () => {
    const user = userEvent.setup()
    let correct = false
    const fetchMock = renderProfile(sam, {
      'POST /api/account/delete': () => (correct ? { msg: 'deleted' } : reply(400, [{ msg: 'The password is not correct', param: 'password' }])),
    })
    await ready()
    await user.click(screen.getByRole('button', { name: /Delete my account/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Password'), 'Wrong1234')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password is not correct')
    expect(leaveForHome).not.toHaveBeenCalled()
    correct = true
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    await waitFor(() => expect(leaveForHome).toHaveBeenCalled())
    expect(sentTo(fetchMock, '/api/account/delete').at(-1)).toEqual({ password: 'Wrong1234' })
  })
})
