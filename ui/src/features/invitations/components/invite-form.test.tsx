import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, renderPage, reply, sentTo } from '@/testing/render-page'
import { InviteForm } from './invite-form'

const offerings = [
  { offeringId: '11', label: 'SIT30821 Certificate III in Commercial Cookery' },
  { offeringId: '12', label: 'SIT40521 Certificate IV in Kitchen Management' },
]
const PATH = 'POST /api/providers/3/invitations'

function renderForm(handler: unknown) {
  const fetchMock = fakeApi({ [PATH]: handler })
  renderPage(<InviteForm providerId="3" offerings={offerings} remaining={497} dailyLimit={500} now={new Date(Date.UTC(2026, 0, 15))} />, {
    path: '/profile/invitations',
  })
  return fetchMock
}

describe('the invitation form', () => {
  it('sends the course, the attested period and the pasted addresses, and lists each line not sent', async () => {
    const fetchMock = renderForm({
      msg: '2 invitations sent.',
      sent: 2,
      notSent: [{ msg: 'Line 3: "nope" is not a valid email address', param: 'addresses' }],
    })
    const user = userEvent.setup()
    expect(screen.getByText('497')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Course'), '12')
    await user.selectOptions(screen.getByLabelText('From'), 'January 2025')
    await user.selectOptions(screen.getByLabelText('To'), 'June 2025')
    const attest = screen.getByRole('checkbox', {
      name: 'I am inviting everyone who finished or left this course between January 2025 and June 2025, not a selection of them.',
    })
    await user.click(attest)
    await user.type(screen.getByLabelText('Email addresses'), 'sam@example.org{enter}kim@example.org{enter}nope')
    await user.click(screen.getByRole('button', { name: 'Send invitations' }))
    expect(await screen.findByText('2 invitations sent.')).toBeInTheDocument()
    expect(within(screen.getByTestId('not-sent')).getByText('Line 3: "nope" is not a valid email address')).toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/providers/3/invitations')).toEqual([
      { offeringId: '12', periodFrom: '2025-01', periodTo: '2025-06', attested: true, addresses: 'sam@example.org\nkim@example.org\nnope' },
    ])
  })

  it("shows the server's messages beside their fields and the lines above", async () => {
    renderForm(
      reply(400, [
        { msg: 'Enter the first month of the period you invite', param: 'periodFrom' },
        { msg: 'Please confirm that you invite everyone who finished or left the course in this period', param: 'attested' },
        { msg: 'No invitation was sent.', param: 'addresses' },
        { msg: 'Line 1: kim@example.org asked not to receive invitations', param: 'addresses' },
      ]),
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Send invitations' }))
    expect(await screen.findByText('Enter the first month of the period you invite')).toBeInTheDocument()
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(
      'Please confirm that you invite everyone who finished or left the course in this period',
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('No invitation was sent.')
    expect(alert).toHaveTextContent('Line 1: kim@example.org asked not to receive invitations')
  })

  it('reads an uploaded CSV file into the list', async () => {
    renderForm({ msg: '1 invitation sent.', sent: 1, notSent: [] })
    const user = userEvent.setup()
    const file = new File(['email,name\nsam@example.org,Sam\n'], 'students.csv', { type: 'text/csv' })
    await user.upload(screen.getByLabelText('Upload a CSV file of addresses'), file)
    expect(await screen.findByDisplayValue(/sam@example.org,Sam/)).toBeInTheDocument()
  })
})
