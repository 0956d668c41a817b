import type { Editor } from '@tiptap/react'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import AdminArea from '@/app/admin/admin-area'
import { admin } from '@/testing/render-app'
import { FakeChannel } from '@/testing/fake-broadcast-channel'
import { fakeApi, renderPage, reply, sentTo, type ApiHandler } from '@/testing/render-page'
import { promotionStripQueryKey } from '../api/get-promotion-strip'
import type { StripContent } from '../api/promotion-strip-schema'

/** What the server answers before an admin saves anything. */
const nothingYet: StripContent = {
  displayPromotionStrip: false,
  stripMessageText: '',
  stripMessageHtml: '',
  displayCTAButton: false,
  buttonLabel: '',
  buttonLink: '',
}

const saved: StripContent = {
  displayPromotionStrip: true,
  stripMessageText: 'Win $1,000',
  stripMessageHtml: '<p><strong>Win</strong> $1,000</p>',
  displayCTAButton: true,
  buttonLabel: 'Enter now',
  buttonLink: 'https://example.com/competition',
}

/** The server keeps what is posted (its text from the HTML, as the real one does). */
function renderStripPage(stored: StripContent = nothingYet, handlers: Record<string, ApiHandler> = {}) {
  let current = stored
  const fetchMock = fakeApi(
    {
      'GET /api/review/getunactioned': 0,
      'GET /api/admin/staticcontent/promotion-strip': () => ({ content: current }),
      'POST /api/admin/staticcontent': (body: { for: string; content: StripContent }) => {
        current = { ...body.content, stripMessageText: body.content.stripMessageText }
        return [{ msg: 'Details updated successfully', obj: { for: body.for, content: current } }]
      },
      ...handlers,
    },
    admin,
  )
  const view = renderPage(<AdminArea />, { path: '/admin/promo-strip' })
  return { fetchMock, ...view }
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name })
const message = () => screen.getByRole('textbox', { name: 'Strip Message' })
const messageEditor = () => (message() as HTMLElement & { editor: Editor }).editor
const setMessage = (html: string) => act(() => void messageEditor().commands.setContent(html, { emitUpdate: true }))
const update = () => screen.getByRole('button', { name: 'Update information' })

beforeEach(() => FakeChannel.install())

describe('the Promotion Strip page', () => {
  it('starts from the stored strip, with Update off until something changes', async () => {
    renderStripPage(saved)
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotion Strip' })).toBeInTheDocument()
    expect(await screen.findByRole('checkbox', { name: 'Add Promotion Strip' })).toBeChecked()
    expect(within(message()).getByText('Win').tagName).toBe('STRONG')
    expect(screen.getByText('10/50')).toBeInTheDocument()
    expect(checkbox('Add Button Label')).toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Button Label' })).toHaveValue('Enter now')
    expect(screen.getByText('9/25')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Button Link' })).toHaveValue('https://example.com/competition')
    expect(update()).toBeDisabled()

    const toolbar = screen.getByRole('toolbar', { name: 'Strip message formatting' })
    const buttons = within(toolbar).getAllByRole('button').map((b) => b.getAttribute('aria-label'))
    expect(buttons).toEqual(['Bold', 'Lower case', 'Upper case', 'Undo', 'Redo', 'Font colour White', 'Font colour Blue', 'Font colour Green'])
  })

  it('shows the message and button fields only when their boxes are ticked', async () => {
    renderStripPage()
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Add Promotion Strip' }))
    expect(message()).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Button Label' })).not.toBeInTheDocument()
    await userEvent.click(checkbox('Add Button Label'))
    expect(screen.getByRole('textbox', { name: 'Button Link' })).toHaveAttribute('placeholder', 'https://www.example.com.au/enrol')
    await userEvent.click(checkbox('Add Promotion Strip'))
    expect(screen.queryByRole('textbox', { name: 'Strip Message' })).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: 'Add Button Label' })).not.toBeInTheDocument()
  })

  it('gives every message of the rules as the admin edits, and Update only when all hold', async () => {
    renderStripPage()
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Add Promotion Strip' }))
    expect(screen.getByText('Description is required')).toBeInTheDocument()
    expect(update()).toBeDisabled()

    setMessage(`<p><strong>${'a'.repeat(50)}</strong>b</p>`)
    expect(screen.getByText('Description must not be longer than 50 characters')).toBeInTheDocument()
    expect(screen.getByText('51/50')).toBeInTheDocument()
    expect(message()).toHaveAttribute('aria-invalid', 'true')
    setMessage('<p><strong>Win</strong> $1,000</p>')
    expect(screen.queryByText(/^Description /)).not.toBeInTheDocument()
    expect(update()).toBeEnabled()

    await userEvent.click(checkbox('Add Button Label'))
    expect(screen.getByText('Button Label is required')).toBeInTheDocument()
    expect(screen.getByText('Button Link is required')).toBeInTheDocument()
    expect(update()).toBeDisabled()

    const label = screen.getByRole('textbox', { name: 'Button Label' })
    await userEvent.type(label, 'x'.repeat(26))
    expect(screen.getByText('Button Label must not be longer than 25 characters')).toBeInTheDocument()
    expect(screen.getByText('26/25')).toBeInTheDocument()
    await userEvent.clear(label)
    await userEvent.type(label, 'Enter now')
    expect(screen.queryByText(/^Button Label /)).not.toBeInTheDocument()

    const link = screen.getByRole('textbox', { name: 'Button Link' })
    await userEvent.type(link, 'example.com')
    expect(screen.getByText('Button Link URL is invalid')).toBeInTheDocument()
    expect(link).toHaveAttribute('aria-invalid', 'true')
    expect(update()).toBeDisabled()
    await userEvent.clear(link)
    await userEvent.type(link, 'www.example.com.au/enrol')
    expect(screen.queryByText(/^Button Link /)).not.toBeInTheDocument()
    expect(update()).toBeEnabled()
  })

  it('saves the six fields, says so, updates the strip in this tab and tells the other tabs', async () => {
    const { fetchMock, client } = renderStripPage()
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Add Promotion Strip' }))
    setMessage('<p><strong>Win</strong> $1,000</p>')
    await userEvent.click(checkbox('Add Button Label'))
    await userEvent.type(screen.getByRole('textbox', { name: 'Button Label' }), 'Enter now')
    await userEvent.type(screen.getByRole('textbox', { name: 'Button Link' }), 'https://example.com/competition')
    await userEvent.click(update())

    const success = await screen.findByText('Details updated successfully')
    expect(success.closest('[role="status"]')).toHaveFocus()
    const content: StripContent = {
      displayPromotionStrip: true,
      stripMessageText: 'Win $1,000',
      stripMessageHtml: '<p><strong>Win</strong> $1,000</p>',
      displayCTAButton: true,
      buttonLabel: 'Enter now',
      buttonLink: 'https://example.com/competition',
    }
    expect(sentTo(fetchMock, '/api/admin/staticcontent')).toEqual([{ for: 'promotion-strip', content }])
    expect(client.getQueryData(promotionStripQueryKey)).toEqual(content)
    expect(FakeChannel.sent).toEqual([{ type: 'content', content }])
    // Saved: nothing left to update until the next change.
    expect(update()).toBeDisabled()
    await userEvent.click(checkbox('Add Button Label'))
    expect(screen.queryByText('Details updated successfully')).not.toBeInTheDocument()
    expect(update()).toBeEnabled()
  })

  it('keeps the message and button when the strip is turned off, unchecked', async () => {
    const { fetchMock } = renderStripPage(saved)
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Add Promotion Strip' }))
    await userEvent.click(update())
    await screen.findByText('Details updated successfully')
    expect(sentTo(fetchMock, '/api/admin/staticcontent')).toEqual([{ for: 'promotion-strip', content: { ...saved, displayPromotionStrip: false } }])
    expect(FakeChannel.sent).toEqual([{ type: 'content', content: { ...saved, displayPromotionStrip: false } }])
  })

  it("shows the server's message when a save fails", async () => {
    renderStripPage(saved, { 'POST /api/admin/staticcontent': reply(400, [{ msg: 'Button Link URL is invalid', param: 'buttonLink' }]) })
    await userEvent.type(await screen.findByRole('textbox', { name: 'Button Label' }), '!')
    await userEvent.click(update())
    const main = screen.getByRole('heading', { level: 1 }).parentElement!.parentElement!.parentElement!
    await waitFor(() => expect(within(main).getAllByRole('alert').some((a) => a.textContent === 'Button Link URL is invalid')).toBe(true))
    expect(FakeChannel.sent).toEqual([])
  })

  it('colours the selected text with one of the three strip colours', async () => {
    renderStripPage(saved)
    await screen.findByRole('checkbox', { name: 'Add Promotion Strip' })
    act(() => void messageEditor().commands.setTextSelection({ from: 1, to: 4 }))
    await userEvent.click(screen.getByRole('button', { name: 'Font colour Green' }))
    // (jsdom writes the colour back as rgb(); a browser keeps the #86efac it was given.)
    expect(within(message()).getByText('Win').closest('span')).toHaveStyle({ color: '#86efac' })
    expect(messageEditor().getAttributes('textStyle').color).toBe('#86efac')
    expect(screen.getByRole('button', { name: 'Font colour Green' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Font colour Blue' })).toHaveAttribute('aria-pressed', 'false')
    expect(update()).toBeEnabled()
  })
})
