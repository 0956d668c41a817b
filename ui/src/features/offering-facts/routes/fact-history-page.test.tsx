import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import AdminArea from '@/app/admin/admin-area'
import { admin } from '@/testing/render-app'
import { fakeApi, renderPage, reply, sentTo } from '@/testing/render-page'

const change = {
  _id: '7',
  providerId: '3',
  providerName: 'Harbour City Training',
  offeringId: '12',
  campusId: null,
  courseCode: 'SIT30821',
  source: 'representative',
  userEmail: 'pat@harbourcity.example',
  before: { fee: 9000, deliveryModes: ['online'], intakes: [] },
  after: { fee: 9500, deliveryModes: ['online'], intakes: ['2030-02'] },
  changedAt: '2026-11-20T03:04:05Z',
}

function renderHistory(extra: Record<string, unknown> = {}) {
  const fetchMock = fakeApi(
    {
      'GET /api/review/getunactioned': 0,
      'GET /api/admin/fact-history': [change, { ...change, _id: '8', courseCode: null, offeringId: null, campusId: '4', before: null, after: { name: 'Waterfront' }, source: 'import', userEmail: null }],
      'GET /api/funding-notes': ['Fee-free TAFE', 'VET Student Loans'],
      ...extra,
    },
    admin,
  )
  renderPage(<AdminArea />, { path: '/admin/course-details' })
  return fetchMock
}

describe('the admin Course Details page', () => {
  it('lists who changed which details, when, before and after', async () => {
    renderHistory()
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Details' })).toBeInTheDocument()
    const card = await screen.findByRole('article', { name: 'Harbour City Training · SIT30821' })
    expect(within(card).getByText(/Representative pat@harbourcity.example/)).toBeInTheDocument()
    const rows = within(card)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent)
    expect(rows).toEqual(['Fee90009500', 'Intakes—2030-02'])
    const campus = screen.getByRole('article', { name: 'Harbour City Training · Campus added' })
    expect(within(campus).getByText(/^Import,/)).toBeInTheDocument()
    // An admin corrects any provider's details from here.
    expect(within(card).getByRole('link', { name: "Edit Harbour City Training's course details" })).toHaveAttribute('href', '/profile/courses?provider=3')
  })

  it("adds a funding note, and shows the server's message for one already listed", async () => {
    const fetchMock = renderHistory({
      'POST /api/admin/funding-notes': (body: { name: string }) =>
        body.name === 'VET Student Loans'
          ? reply(400, [{ msg: 'This funding note is on the list already', param: 'name' }])
          : reply(201, ['Fee-free TAFE', 'VET Student Loans', body.name]),
    })
    const form = await screen.findByRole('form', { name: 'Add a funding note' })
    await userEvent.type(within(form).getByLabelText('New funding note'), 'VET Student Loans')
    await userEvent.click(within(form).getByRole('button', { name: 'Add funding note' }))
    expect(await within(form).findByText('This funding note is on the list already')).toBeInTheDocument()
    await userEvent.clear(within(form).getByLabelText('New funding note'))
    await userEvent.type(within(form).getByLabelText('New funding note'), 'JobTrainer')
    await userEvent.click(within(form).getByRole('button', { name: 'Add funding note' }))
    expect(await within(form).findByText("'JobTrainer' added to the funding notes")).toBeInTheDocument()
    expect(sentTo(fetchMock, '/api/admin/funding-notes')).toEqual([{ name: 'VET Student Loans' }, { name: 'JobTrainer' }])
  })
})
