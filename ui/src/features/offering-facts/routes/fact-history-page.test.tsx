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
  after: { fee: 9500, deliveryModes: ['online'], intakes: ['2030-02'], campusIds: ['4'] },
  campusNames: { '4': 'Waterfront' },
  changedAt: '2026-11-20T03:04:05Z',
}

const flagged = {
  _id: '12',
  courseCode: 'SIT30821',
  courseName: 'Certificate III in Commercial Cookery',
  courseSlug: 'cookery',
  providerId: '3',
  providerName: 'Harbour City Training',
  providerSlug: 'harbour-city',
  providerWebsite: 'https://harbourcity.example',
  courseUrl: 'https://courses.elsewhere.example/cookery',
  source: 'representative',
  changedAt: '2026-11-20T03:04:05Z',
}

function renderHistory(extra: Record<string, unknown> = {}, search = '') {
  const fetchMock = fakeApi(
    {
      'GET /api/review/getunactioned': 0,
      'GET /api/admin/fact-history': [change, { ...change, _id: '8', courseCode: null, offeringId: null, campusId: '4', before: null, after: { name: 'Waterfront' }, source: 'import', userEmail: null }],
      'GET /api/funding-notes': ['Fee-free TAFE', 'VET Student Loans'],
      'GET /api/admin/flagged-course-pages': [],
      ...extra,
    },
    admin,
  )
  renderPage(<AdminArea />, { path: `/admin/course-details${search}`, pattern: '/admin/course-details' })
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
    expect(rows).toEqual(['Fee90009500', 'Intakes—2030-02', 'Campuses—Waterfront'])
    const campus = screen.getByRole('article', { name: 'Harbour City Training · Campus added: Waterfront' })
    expect(within(campus).getByText(/^Import,/)).toBeInTheDocument()
    // An admin corrects any provider's details from here.
    expect(within(card).getByRole('link', { name: "Edit Harbour City Training's course details" })).toHaveAttribute('href', '/profile/courses?provider=3')
  })

  it("adds a funding note, and shows the server's message for one already listed", async () => {
    const fetchMock = renderHistory({
      'POST /api/admin/funding-notes': (body: { name: string }) =>
        body.name === 'VET Student Loans'
          ? reply(409, [{ msg: 'This funding note is on the list already', param: 'name' }])
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

  it("shows one provider's changes from the address, and the way back to every provider's", async () => {
    const fetchMock = renderHistory({}, '?provider=3')
    expect(await screen.findByRole('heading', { level: 2, name: "Changes to Harbour City Training's course details" })).toBeInTheDocument()
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/api/admin/fact-history'))
    expect(asked).toEqual(['/api/admin/fact-history?providerId=3'])
    expect(screen.getByRole('link', { name: "Show every provider's changes" })).toHaveAttribute('href', '/admin/course-details')
    expect(screen.queryByRole('link', { name: "Only Harbour City Training's changes" })).not.toBeInTheDocument()
  })

  it('lists the flagged course pages and clears one', async () => {
    let pages = [flagged]
    const fetchMock = renderHistory({
      'GET /api/admin/flagged-course-pages': () => pages,
      'DELETE /api/admin/flagged-course-pages/12': () => {
        pages = []
        return { msg: 'Course page flag cleared' }
      },
    })
    const card = await screen.findByRole('article', { name: 'Harbour City Training · SIT30821 Certificate III in Commercial Cookery' })
    const page = within(card).getByRole('link', { name: flagged.courseUrl })
    expect(page).toHaveAttribute('href', flagged.courseUrl)
    expect(page).toHaveAttribute('rel', 'noopener noreferrer nofollow')
    expect(within(card).getByText('https://harbourcity.example')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: "Edit Harbour City Training's course details" })).toHaveAttribute('href', '/profile/courses?provider=3')
    // The admin menu counts the pages to check.
    expect(await screen.findByRole('link', { name: /Course Details, 1 to check/ })).toBeInTheDocument()
    await userEvent.click(within(card).getByRole('button', { name: 'Clear the flag' }))
    expect(await screen.findByText('Flag cleared: SIT30821 at Harbour City Training')).toBeInTheDocument()
    expect(await screen.findByText('No course pages to check')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/admin/flagged-course-pages/12' && init?.method === 'DELETE')).toBe(true)
  })

  it("shows the server's message when a flag cannot be cleared", async () => {
    renderHistory({
      'GET /api/admin/flagged-course-pages': [flagged],
      'DELETE /api/admin/flagged-course-pages/12': reply(404, [{ msg: 'This course page is not flagged', param: null }]),
    })
    const card = await screen.findByRole('article', { name: 'Harbour City Training · SIT30821 Certificate III in Commercial Cookery' })
    await userEvent.click(within(card).getByRole('button', { name: 'Clear the flag' }))
    expect(await within(card.closest('section') as HTMLElement).findByRole('alert')).toHaveTextContent('This course page is not flagged')
  })
})
