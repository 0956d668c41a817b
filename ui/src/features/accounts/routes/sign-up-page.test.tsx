import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, location, renderPage, reply, sentTo, type ApiHandler } from '@/testing/render-page'
import SignUpPage from './sign-up-page'

type User = ReturnType<typeof userEvent.setup>

const FREE: Record<string, ApiHandler> = {
  'POST /api/check-email': true,
  'POST /api/check-nickname': true,
  'POST /api/check-abn': { EntityName: null },
  'POST /api/register': reply(201, { msg: 'Registration successful' }),
}

function renderSignUp(handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = fakeApi({ ...FREE, ...handlers })
  renderPage(<SignUpPage />, { path: '/sign-up' })
  return fetchMock
}

const field = (label: string | RegExp) => screen.getByLabelText(label, { selector: 'input, select, button' })
const continueButton = () => screen.getByRole('button', { name: /Continue/ })

/** The error text a control points at through aria-describedby. */
function describedBy(control: HTMLElement) {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ')
}

async function choose(user: User, kind: RegExp) {
  await user.click(screen.getByRole('button', { name: kind }))
  await screen.findByRole('heading', { level: 2, name: /Sign up/ })
}

async function pickDate(user: User, year: string, month: string, day: string) {
  await user.click(field('Date of Birth'))
  const dialog = await screen.findByRole('dialog', { name: 'Date of Birth' })
  await user.selectOptions(within(dialog).getByRole('combobox', { name: /year/i }), year)
  await user.selectOptions(within(dialog).getByRole('combobox', { name: /month/i }), month)
  const dayButton = within(within(dialog).getByRole('grid')).getAllByRole('button').find((b) => b.textContent === day)
  await user.click(dayButton!)
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
}

async function fillCommon(user: User, email = 'sam@example.com') {
  await user.type(field('First name'), 'Sam')
  await user.type(field('Last name'), 'Nguyen')
  await user.click(screen.getByRole('radio', { name: 'Female' }))
  await user.type(field('Email'), email)
  await user.type(field('Confirm email'), email)
  await user.type(field('Password'), 'Secret123')
  await user.type(field('Confirm password'), 'Secret123')
}

afterEach(() => {
  vi.useRealTimers()
})

describe('sign-up landing', () => {
  it('offers the three kinds and a way to log in; Cancel returns here with a fresh form', async () => {
    const user = userEvent.setup()
    renderSignUp()
    for (const name of [/^Employer/, /^Student or Graduate/, /^Other/]) expect(screen.getByRole('button', { name })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')

    await choose(user, /^Student or Graduate/)
    await user.type(field('First name'), 'Sam')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('heading', { name: 'Who are you signing up as?' })).toHaveFocus()
    await choose(user, /^Student or Graduate/)
    expect(field('First name')).toHaveValue('')
  })
})

describe('sign-up form per kind', () => {
  it('a Student gets nickname, date of birth and a picture upload, but no employer fields or user type', async () => {
    const user = userEvent.setup()
    renderSignUp()
    await choose(user, /^Student or Graduate/)
    for (const label of ['First name', 'Last name', 'Nick name', 'Date of Birth', 'Email', 'Confirm email', 'Password', 'Confirm password']) {
      expect(field(label)).toBeInTheDocument()
    }
    expect(screen.getByRole('group', { name: 'Gender' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Choose an avatar' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Avatar 1' })).toBeChecked()
    expect(screen.getByRole('img', { name: 'Avatar 1' })).toHaveAttribute('src', '/assets/img/avatars/Student-avatar-0.png')
    expect(screen.getByRole('button', { name: 'Upload a picture' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: /Keep me up to date/ })).toBeChecked()
    for (const label of ['Business Name', 'Job Title', 'ABN', 'User Type']) expect(screen.queryByLabelText(label)).not.toBeInTheDocument()
  })

  it('an Employer gets business name, job title, ABN and a picture upload', async () => {
    const user = userEvent.setup()
    renderSignUp()
    await choose(user, /^Employer/)
    for (const label of ['Business Name', 'Job Title', 'ABN']) expect(field(label)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload a picture' })).toBeInTheDocument()
    for (const label of ['Nick name', 'Date of Birth', 'User Type']) expect(screen.queryByLabelText(label)).not.toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Avatar 3' })).toHaveAttribute('src', '/assets/img/avatars/Employer-avatar-2.png')
  })

  it('Other chooses a user type from the spec list, and gets no picture upload', async () => {
    const user = userEvent.setup()
    renderSignUp()
    await choose(user, /^Other/)
    const select = field('User Type')
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select…', 'Parent', 'Career Advisor', 'Course Provider', 'Other'])
    expect(screen.queryByRole('button', { name: 'Upload a picture' })).not.toBeInTheDocument()
    await user.selectOptions(select, 'Career Advisor')
    expect(screen.getByRole('img', { name: 'Avatar 4' })).toHaveAttribute('src', '/assets/img/avatars/Career-Advisor-avatar-3.png')
  })
})

describe('sign-up messages', () => {
  it('shows every required message once a field is left empty', async () => {
    const user = userEvent.setup()
    renderSignUp()
    await choose(user, /^Student or Graduate/)
    for (const label of ['First name', 'Last name', 'Nick name', 'Email', 'Confirm email', 'Password']) {
      await user.click(field(label))
      await user.tab()
    }
    await user.click(screen.getByRole('radio', { name: 'Male' }))
    await user.click(field('Date of Birth'))
    await screen.findByRole('dialog', { name: 'Date of Birth' })
    await user.keyboard('{Escape}')
    expect(describedBy(field('First name'))).toBe('First name is required')
    expect(describedBy(field('Last name'))).toBe('Last name is required')
    expect(describedBy(field('Nick name'))).toContain('Nick name is required')
    expect(describedBy(field('Email'))).toBe('Email is required')
    expect(describedBy(field('Confirm email'))).toBe('Confirm email is required')
    expect(describedBy(field('Password'))).toContain('Password is required')
    await waitFor(() => expect(describedBy(field('Date of Birth'))).toContain('Date of Birth is required'))
    expect(continueButton()).toBeDisabled()
  })

  it('shows the length, format and matching messages', async () => {
    const user = userEvent.setup()
    renderSignUp()
    await choose(user, /^Student or Graduate/)
    const cases: [string, string, string][] = [
      ['First name', 'S', 'First name must be at least 2 characters long'],
      ['Last name', 'N', 'Last name must be at least 2 characters long'],
      ['Nick name', 'X', 'Nick name must be at least 2 characters long'],
      ['Email', 'sam@', 'Please enter a valid email'],
      ['Password', 'secret12', 'Password must be at least 8 characters long, contain at least one capital letter and one number'],
    ]
    for (const [label, value, message] of cases) {
      await user.type(field(label), value)
      await user.tab()
      expect(describedBy(field(label))).toContain(message)
    }
    await user.type(field('Confirm email'), 'other@example.com')
    await user.tab()
    expect(describedBy(field('Confirm email'))).toBe('Email does not match')
    await user.type(field('Confirm password'), 'Secret124')
    await user.tab()
    expect(describedBy(field('Confirm password'))).toBe('Password does not match')
  })

  it('asks for a gender and, for Other, a user type', async () => {
    const user = userEvent.setup()
    renderSignUp()
    await choose(user, /^Other/)
    await user.click(field('User Type'))
    await user.tab()
    expect(describedBy(field('User Type'))).toBe('User Type is required')
    await user.click(screen.getByRole('radio', { name: 'Male' }))
    await user.tab()
    // The gender group says nothing until left without a choice; a choice is never wrong.
    expect(screen.queryByText('Please select your gender')).not.toBeInTheDocument()
  })

  it('shows the employer messages', async () => {
    const user = userEvent.setup()
    renderSignUp({ 'POST /api/check-abn': false })
    await choose(user, /^Employer/)
    for (const label of ['Business Name', 'Job Title', 'ABN']) {
      await user.click(field(label))
      await user.tab()
    }
    expect(describedBy(field('Business Name'))).toBe('Business Name is required')
    expect(describedBy(field('Job Title'))).toBe('Job Title is required')
    expect(describedBy(field('ABN'))).toContain('ABN is required')
    await user.type(field('ABN'), '1234')
    expect(describedBy(field('ABN'))).toBe('Please enter a valid ABN')
  })

  it('the gender message appears when the form is sent without one', async () => {
    const user = userEvent.setup()
    renderSignUp()
    await choose(user, /^Other/)
    // Leaving the group by keyboard without choosing marks it visited.
    screen.getAllByRole('radio', { name: 'Male' })[0].focus()
    await act(async () => screen.getAllByRole('radio', { name: 'Male' })[0].blur())
    expect(await screen.findByText('Please select your gender')).toBeInTheDocument()
  })
})

/**
 * Fake timers from here on (the page is already rendered), driven by hand: 600 ms pauses are
 * counted exactly, and every answer is let through with a short extra step.
 */
function fakeClock() {
  vi.useFakeTimers()
  // Testing Library lets its own waits run on fake timers only when it sees Jest's; show it the way.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
}
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

describe('sign-up checks with the server', () => {
  it('checks the email 600 ms after the last keystroke, trimmed and lower-cased, and says when it is taken', async () => {
    const fetchMock = renderSignUp({ 'POST /api/check-email': false })
    await choose(userEvent.setup(), /^Student or Graduate/)
    const user = fakeClock()
    await user.type(field('Email'), ' Sam@Example.COM')
    expect(field('Email')).toHaveValue('sam@example.com')
    await wait(599)
    expect(sentTo(fetchMock, '/api/check-email')).toEqual([])
    expect(continueButton()).toBeDisabled()
    await wait(1)
    await wait(50)
    expect(sentTo(fetchMock, '/api/check-email')).toEqual([{ email: 'sam@example.com' }])
    expect(describedBy(field('Email'))).toBe('This email address is already in use.')
  })

  it('checks the nickname after the pause and says when it is taken', async () => {
    const fetchMock = renderSignUp({ 'POST /api/check-nickname': false })
    await choose(userEvent.setup(), /^Student or Graduate/)
    const user = fakeClock()
    await user.type(field('Nick name'), 'SamCooks')
    await wait(599)
    expect(sentTo(fetchMock, '/api/check-nickname')).toEqual([])
    await wait(1)
    await wait(50)
    expect(sentTo(fetchMock, '/api/check-nickname')).toEqual([{ nickName: 'SamCooks' }])
    expect(describedBy(field('Nick name'))).toContain('This Nick name is taken.')
  })

  it('does not check an email that is not valid yet', async () => {
    const fetchMock = renderSignUp()
    await choose(userEvent.setup(), /^Student or Graduate/)
    const user = fakeClock()
    await user.type(field('Email'), 'sam@example')
    await wait(1000)
    expect(sentTo(fetchMock, '/api/check-email')).toEqual([])
  })

  it('checks an 11-digit ABN after the pause, with Continue disabled meanwhile; the entity name becomes the label', async () => {
    let answer: (value: unknown) => void = () => {}
    const fetchMock = renderSignUp({ 'POST /api/check-abn': () => new Promise((resolve) => (answer = resolve)) })
    await choose(userEvent.setup(), /^Employer/)
    const user = fakeClock()
    await fillCommon(user)
    await user.type(field('Business Name'), 'Harbourside Kitchen')
    await user.type(field('Job Title'), 'Head Chef')
    await user.type(field('ABN'), '5182475355')
    await user.tab()
    await wait(700)
    expect(sentTo(fetchMock, '/api/check-abn')).toEqual([])
    expect(describedBy(field('ABN'))).toBe('Please enter a valid ABN')

    await user.type(field('ABN'), '6')
    await wait(50)
    expect(continueButton()).toBeDisabled()
    await wait(600)
    expect(sentTo(fetchMock, '/api/check-abn')).toEqual([{ abn: '51824753556' }])
    expect(describedBy(field('ABN'))).toBe('Checking the ABN…')
    expect(continueButton()).toBeDisabled()
    await act(async () => answer({ EntityName: 'HARBOURSIDE KITCHEN PTY LTD' }))
    await wait(50)
    expect(screen.getByLabelText('HARBOURSIDE KITCHEN PTY LTD')).toHaveValue('51824753556')
    expect(continueButton()).toBeEnabled()
  })

  it('keeps the ABN label when the register gives no name, and refuses an ABN it does not know', async () => {
    let known = true
    renderSignUp({ 'POST /api/check-abn': () => (known ? { EntityName: null } : false) })
    await choose(userEvent.setup(), /^Employer/)
    const user = fakeClock()
    await user.type(field('ABN'), '51 824 753 556')
    await wait(650)
    await wait(50)
    expect(describedBy(field('ABN'))).toBe('ABN checked.')
    known = false
    await user.clear(field('ABN'))
    await user.type(field('ABN'), '51824753557')
    await wait(650)
    await wait(50)
    expect(describedBy(field('ABN'))).toBe('Please enter a valid ABN')
  })
})

describe('signing up', () => {
  it('keeps Continue disabled until the form is valid, sends the Student payload and goes to /welcome', async () => {
    const user = userEvent.setup()
    const fetchMock = renderSignUp()
    await choose(user, /^Student or Graduate/)
    expect(continueButton()).toBeDisabled()
    await fillCommon(user, 'Sam@Example.com')
    await user.type(field('Nick name'), 'SamCooks')
    expect(continueButton()).toBeDisabled()
    await pickDate(user, '2004', 'March', '4')
    expect(field('Date of Birth')).toHaveTextContent('04 March 2004')
    await user.click(screen.getByRole('radio', { name: 'Avatar 4' }))
    await user.click(screen.getByRole('checkbox', { name: /Keep me up to date/ }))
    await waitFor(() => expect(continueButton()).toBeEnabled())
    await user.click(continueButton())

    await waitFor(() => expect(location()).toBe('/welcome'))
    expect(sentTo(fetchMock, '/api/register')).toEqual([
      {
        firstName: 'Sam',
        lastName: 'Nguyen',
        email: 'sam@example.com',
        emailConfirm: 'sam@example.com',
        password: 'Secret123',
        passwordConfirm: 'Secret123',
        userType: 'Student',
        avatar: 3,
        gender: 'Female',
        optIn: false,
        nickName: 'SamCooks',
        dateOfBirth: '04 March 2004',
      },
    ])
  })

  it('sends an Other user with the chosen type and no type-specific fields', async () => {
    const user = userEvent.setup()
    const fetchMock = renderSignUp()
    await choose(user, /^Other/)
    await user.selectOptions(field('User Type'), 'Parent')
    await fillCommon(user)
    await waitFor(() => expect(continueButton()).toBeEnabled())
    await user.click(continueButton())
    await waitFor(() => expect(location()).toBe('/welcome'))
    const [sent] = sentTo(fetchMock, '/api/register') as Record<string, unknown>[]
    expect(sent.userType).toBe('Parent')
    expect(Object.keys(sent).sort()).toEqual(
      ['avatar', 'email', 'emailConfirm', 'firstName', 'gender', 'lastName', 'optIn', 'password', 'passwordConfirm', 'userType'].sort(),
    )
  })

  it('shows a duplicate email as the spec says and every other message as received', async () => {
    const user = userEvent.setup()
    let status = 409
    renderSignUp({
      'POST /api/register': () =>
        status === 409
          ? reply(409, [{ msg: 'E11000 duplicate key', param: 'email', code: 11000 }])
          : reply(400, [{ msg: 'First line', param: 'firstName' }, { msg: 'Second line' }]),
    })
    await choose(user, /^Other/)
    await user.selectOptions(field('User Type'), 'Other')
    await fillCommon(user)
    await waitFor(() => expect(continueButton()).toBeEnabled())
    await user.click(continueButton())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This email address is already in use.')
    expect(location()).toBe('/sign-up')

    status = 400
    await user.type(field('First name'), 'a')
    await waitFor(() => expect(continueButton()).toBeEnabled())
    await user.click(continueButton())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('First line'))
    expect(screen.getByRole('alert')).toHaveTextContent('Second line')
  })
})
