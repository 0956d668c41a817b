import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import AdminArea from '@/app/admin/admin-area'
import { goTo } from '@/lib/browser'
import { admin } from '@/testing/render-app'
import { fakeApi, renderPage, reply, sentTo, type ApiHandler } from '@/testing/render-page'

vi.mock('@/lib/browser', () => ({ goTo: vi.fn(), reloadPage: vi.fn() }))

beforeEach(() => {
  vi.mocked(goTo).mockClear()
})

function renderMenu(exportCsv: ApiHandler) {
  const fetchMock = fakeApi({ 'GET /api/review/getunactioned': 0, 'POST /api/admin/exportcsv': exportCsv }, admin)
  renderPage(<AdminArea />, { path: '/admin/search-user' })
  const menu = screen.getByRole('navigation', { name: 'Admin' })
  return { fetchMock, button: within(menu).getByRole('button', { name: 'Export CSV' }) }
}

describe("the admin menu's Export CSV", () => {
  it('asks for a download address and sends the browser there, disabled meanwhile', async () => {
    let answer: (value: unknown) => void = () => {}
    const { fetchMock, button } = renderMenu(() => new Promise((resolve) => (answer = resolve)))
    await userEvent.click(button)
    await waitFor(() => expect(button).toBeDisabled())
    expect(sentTo(fetchMock, '/api/admin/exportcsv')).toEqual([{}])
    answer({ url: '/api/admin/exportcsv/abc123' })
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/api/admin/exportcsv/abc123'))
    await waitFor(() => expect(button).toBeEnabled())
  })

  it("shows the server's message when it fails", async () => {
    const { button } = renderMenu(reply(403, [{ msg: 'Only admins may do that.' }]))
    await userEvent.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins may do that.')
    expect(button).toHaveAccessibleDescription('Only admins may do that.')
    expect(goTo).not.toHaveBeenCalled()
    expect(button).toBeEnabled()
  })
})
