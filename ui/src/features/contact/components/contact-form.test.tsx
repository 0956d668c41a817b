import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ContactForm } from './contact-form'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Renders the form with fetch answering `answer` (default: the server's success). */
function renderForm(answer: () => Response | Promise<Response> = () => json(200, { msg: 'Thank you for your message. It has been sent.' })) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer())
  vi.stubGlobal('fetch', fetchMock)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  )
  return { fetchMock, user: userEvent.setup() }
}

const field = (name: string) => screen.getByLabelText(name)
const sendButton = () => screen.getByRole('button', { name: /Send message/ })
const sentBody = (fetchMock: ReturnType<typeof renderForm>['fetchMock'], call = 0) =>
  JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body))

async function fillGeneral(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Jess Nguyen')
  await user.type(field('Email'), 'jess@example.com')
  await user.type(field('Message'), 'Where do I find the course code?')
}

/** The error text a control points at through aria-describedby. */
function describedError(control: HTMLElement) {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ')
}

describe('contact form: general enquiry', () => {
  it('starts as a general enquiry with no technical fields and the send button disabled', async () => {
    renderForm()
    expect(screen.getByRole('radio', { name: 'General enquiry' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Technical enquiry' })).not.toBeChecked()
    expect(screen.queryByLabelText('Technical issue type')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Device type')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Browser type')).not.toBeInTheDocument()
    await waitFor(() => expect(sendButton()).toHaveAttribute('aria-disabled', 'true'))
  })

  it('shows every required message and "Please fill in all fields." on an invalid send, focusing the first error', async () => {
    const { fetchMock, user } = renderForm()
    await user.click(sendButton())

    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument()
    expect(describedError(field('Name'))).toBe('Name is required')
    expect(describedError(field('Email'))).toBe('Email is required')
    expect(describedError(field('Message'))).toContain('Message is required')
    for (const name of ['Name', 'Email', 'Message']) expect(field(name)).toHaveAttribute('aria-invalid', 'true')
    expect(field('Name')).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('treats Enter in a field as a send attempt', async () => {
    const { fetchMock, user } = renderForm()
    await user.type(field('Name'), 'Jess{Enter}')
    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument()
    expect(field('Email')).toHaveFocus()
    expect(describedError(field('Email'))).toBe('Email is required')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows a field error once the field is left, and clears it when fixed', async () => {
    const { user } = renderForm()
    await user.click(field('Name'))
    await user.tab()
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    await user.type(field('Name'), 'J')
    await waitFor(() => expect(screen.queryByText('Name is required')).not.toBeInTheDocument())
    expect(field('Name')).not.toHaveAttribute('aria-invalid')
  })

  it("says 'Please enter a valid email' for a malformed address", async () => {
    const { user } = renderForm()
    await user.type(field('Email'), 'jess@example')
    await user.tab()
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument()
    expect(describedError(field('Email'))).toBe('Please enter a valid email')
  })

  it('trims and lower-cases the email as it is typed', async () => {
    const { user } = renderForm()
    await user.type(field('Email'), '  Jess.Nguyen@Example.COM ')
    expect(field('Email')).toHaveValue('jess.nguyen@example.com')
  })

  it('enables the send button only while the form is valid', async () => {
    const { user } = renderForm()
    await fillGeneral(user)
    await waitFor(() => expect(sendButton()).toHaveAttribute('aria-disabled', 'false'))
    await user.clear(field('Message'))
    await waitFor(() => expect(sendButton()).toHaveAttribute('aria-disabled', 'true'))
  })

  it('limits the name and message lengths and counts the message characters', async () => {
    const { user } = renderForm()
    expect(field('Name')).toHaveAttribute('maxLength', '100')
    expect(field('Message')).toHaveAttribute('maxLength', '5000')
    expect(screen.getByText('0 of 5,000 characters')).toBeInTheDocument()
    await user.type(field('Message'), 'Hello')
    expect(screen.getByText('5 of 5,000 characters')).toBeInTheDocument()
    expect(describedError(field('Message'))).toBe('5 of 5,000 characters')
  })
})

describe('contact form: technical enquiry', () => {
  it('offers the spec options in order', async () => {
    const { user } = renderForm()
    await user.click(screen.getByRole('radio', { name: 'Technical enquiry' }))
    const options = (label: string) =>
      within(field(label)).getAllByRole('option').map((o) => o.textContent)
    expect(options('Technical issue type')).toEqual([
      'Select…', 'Login', 'Verifying Account', 'Reset Password', 'Sign Up', 'Leave review', 'Search', 'Other',
    ])
    expect(options('Device type')).toEqual(['Select…', 'iOS', 'Android', 'Mac', 'Windows', 'Other'])
    expect(options('Browser type')).toEqual([
      'Select…', 'Internet Explorer', 'Edge', 'Safari', 'Opera', 'Firefox', 'Chrome', 'Other',
    ])
  })

  it('requires issue type, device and browser, and a general enquiry drops them again', async () => {
    const { user } = renderForm()
    await fillGeneral(user)
    await user.click(screen.getByRole('radio', { name: 'Technical enquiry' }))
    await waitFor(() => expect(sendButton()).toHaveAttribute('aria-disabled', 'true'))
    await user.click(sendButton())

    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument()
    expect(describedError(field('Technical issue type'))).toBe('Technical issue type is required')
    expect(describedError(field('Device type'))).toBe('Device type is required')
    expect(describedError(field('Browser type'))).toBe('Browser type is required')
    expect(field('Technical issue type')).toHaveFocus()

    await user.click(screen.getByRole('radio', { name: 'General enquiry' }))
    expect(screen.queryByLabelText('Technical issue type')).not.toBeInTheDocument()
    expect(screen.queryByText('Please fill in all fields.')).not.toBeInTheDocument()
    await waitFor(() => expect(sendButton()).toHaveAttribute('aria-disabled', 'false'))
  })

  it("shows and requires the Other field when the issue type is Other", async () => {
    const { fetchMock, user } = renderForm()
    await fillGeneral(user)
    await user.click(screen.getByRole('radio', { name: 'Technical enquiry' }))
    expect(screen.queryByLabelText('Other')).not.toBeInTheDocument()
    await user.selectOptions(field('Technical issue type'), 'Other')
    await user.selectOptions(field('Device type'), 'Android')
    await user.selectOptions(field('Browser type'), 'Chrome')
    expect(field('Other')).toBeInTheDocument()
    await user.click(sendButton())
    expect(await screen.findByText('Other is required')).toBeInTheDocument()
    expect(describedError(field('Other'))).toContain('Other is required')
    expect(field('Other')).toHaveFocus()

    await user.type(field('Other'), 'The map does not load')
    await waitFor(() => expect(sendButton()).toHaveAttribute('aria-disabled', 'false'))
    await user.click(sendButton())
    await screen.findByText('Thank you for your message. It has been sent.')
    expect(sentBody(fetchMock)).toEqual({
      reason: 'Technical enquiry',
      name: 'Jess Nguyen',
      email: 'jess@example.com',
      message: 'Where do I find the course code?',
      technicalType: 'Other',
      technicalTypeOther: 'The map does not load',
      deviceType: 'Android',
      browserType: 'Chrome',
    })
  })

  it('hides the Other field again for another issue type', async () => {
    const { user } = renderForm()
    await user.click(screen.getByRole('radio', { name: 'Technical enquiry' }))
    await user.selectOptions(field('Technical issue type'), 'Other')
    expect(field('Other')).toBeInTheDocument()
    await user.selectOptions(field('Technical issue type'), 'Login')
    expect(screen.queryByLabelText('Other')).not.toBeInTheDocument()
  })
})

describe('contact form: sending', () => {
  it('posts a general enquiry, thanks the sender and resets to General enquiry', async () => {
    const { fetchMock, user } = renderForm()
    await user.click(screen.getByRole('radio', { name: 'Technical enquiry' }))
    await user.selectOptions(field('Technical issue type'), 'Login')
    await user.click(screen.getByRole('radio', { name: 'General enquiry' }))
    await fillGeneral(user)
    await user.click(sendButton())

    const success = await screen.findByRole('status')
    expect(success).toHaveTextContent('Thank you for your message. It has been sent.')
    expect(success).toHaveFocus()
    expect(fetchMock).toHaveBeenCalledWith('/api/contactform', expect.objectContaining({ method: 'POST' }))
    expect(sentBody(fetchMock)).toEqual({
      reason: 'General enquiry',
      name: 'Jess Nguyen',
      email: 'jess@example.com',
      message: 'Where do I find the course code?',
      technicalType: '',
      technicalTypeOther: '',
      deviceType: '',
      browserType: '',
    })
    expect(field('Name')).toHaveValue('')
    expect(field('Email')).toHaveValue('')
    expect(field('Message')).toHaveValue('')
    expect(screen.getByRole('radio', { name: 'General enquiry' })).toBeChecked()
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument()
    await waitFor(() => expect(sendButton()).toHaveAttribute('aria-disabled', 'true'))
  })

  it('resets a technical enquiry to General enquiry after sending', async () => {
    const { user } = renderForm()
    await user.click(screen.getByRole('radio', { name: 'Technical enquiry' }))
    await fillGeneral(user)
    await user.selectOptions(field('Technical issue type'), 'Search')
    await user.selectOptions(field('Device type'), 'iOS')
    await user.selectOptions(field('Browser type'), 'Safari')
    await user.click(sendButton())
    await screen.findByText('Thank you for your message. It has been sent.')
    expect(screen.getByRole('radio', { name: 'General enquiry' })).toBeChecked()
    expect(screen.queryByLabelText('Technical issue type')).not.toBeInTheDocument()
  })

  it("shows the server's messages as errors", async () => {
    const { user } = renderForm(() =>
      json(400, [
        { msg: 'Name must not be longer than 100 characters', param: 'name' },
        { msg: 'Please enter a valid email', param: 'email' },
      ]),
    )
    await fillGeneral(user)
    await user.click(sendButton())
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Name must not be longer than 100 characters')).toBeInTheDocument()
    expect(within(alert).getByText('Please enter a valid email')).toBeInTheDocument()
    expect(alert).toHaveFocus()
    // The form keeps what was typed, so the sender can fix it.
    expect(field('Name')).toHaveValue('Jess Nguyen')
  })

  it('shows the rate limit message', async () => {
    const { user } = renderForm(() => json(429, [{ msg: 'Too many attempts. Please try again later.' }]))
    await fillGeneral(user)
    await user.click(sendButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.')
  })

  it('clears the form-level messages on any edit', async () => {
    const { user } = renderForm(() => json(429, [{ msg: 'Too many attempts. Please try again later.' }]))
    await user.click(sendButton())
    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument()
    await user.type(field('Name'), 'J')
    expect(screen.queryByText('Please fill in all fields.')).not.toBeInTheDocument()

    await user.type(field('Email'), 'jess@example.com')
    await user.type(field('Message'), 'Hi')
    await user.click(sendButton())
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument()
    await user.type(field('Message'), '!')
    expect(screen.queryByText('Too many attempts. Please try again later.')).not.toBeInTheDocument()
  })

  it('clears the thank-you message on the next edit', async () => {
    const { user } = renderForm()
    await fillGeneral(user)
    await user.click(sendButton())
    await screen.findByText('Thank you for your message. It has been sent.')
    await user.type(field('Name'), 'A')
    expect(screen.queryByText('Thank you for your message. It has been sent.')).not.toBeInTheDocument()
  })
})
