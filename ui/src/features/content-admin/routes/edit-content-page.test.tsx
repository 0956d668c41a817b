import type { Editor } from '@tiptap/react'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { admin } from '@/testing/render-app'
import { fakeApi, reply, renderPage, sentTo, type ApiHandler } from '@/testing/render-page'
import AdminArea from '@/app/admin/admin-area'
import type { ContentItem } from '../api/get-content-items'

const industries: ContentItem[] = [
  { _id: 'i1', name: 'Hospitality', copy: 'Cafés, restaurants and hotels.' },
  { _id: 'i2', name: 'Hair and Beauty', copy: 'Salons and spas.' },
]
const careers: ContentItem[] = [
  { _id: 'k1', name: 'Cook', copy: '<p>Cooks prepare food.</p><p><strong>Typical pathway:</strong> Certificate III.</p>' },
  { _id: 'k2', name: 'Barista', copy: '<p>Baristas make coffee.</p>' },
]

/** A list the server keeps: an update changes what the next GET answers. */
function storedList(items: ContentItem[]) {
  let current = items
  return {
    get: () => current,
    update: ({ id, description }: { id: string; description: string }) => {
      current = current.map((item) => (item._id === id ? { ...item, copy: description } : item))
      return [{ msg: 'Details updated successfully', obj: current.find((item) => item._id === id) }]
    },
  }
}

function renderEditContent(handlers: Record<string, ApiHandler> = {}) {
  const industryList = storedList(industries)
  const careerList = storedList(careers)
  const fetchMock = fakeApi(
    {
      'GET /api/review/getunactioned': 0,
      'GET /api/industrieslist': industryList.get,
      'GET /api/careers': careerList.get,
      'GET /api/courses': [{ _id: 'c1', name: 'Certificate III in Commercial Cookery', courseCode: 'SIT30821', copy: 'Learn to cook.' }],
      'POST /api/updateindustry': industryList.update,
      'POST /api/updatecareer': careerList.update,
      ...handlers,
    },
    admin,
  )
  const view = renderPage(<AdminArea />, { path: '/admin/edit-content' })
  return { fetchMock, ...view }
}

/** Chooses the kind, then types into the combobox and picks the option. */
async function pick(kind: 'Industry' | 'Career' | 'Course', typed: string, option: string) {
  await userEvent.click(await screen.findByRole('radio', { name: kind }))
  const box = await screen.findByRole('combobox', { name: kind })
  await userEvent.type(box, typed)
  await userEvent.click(await screen.findByRole('option', { name: option }))
}

const description = () => screen.getByRole('textbox', { name: 'Description' })
const update = () => screen.queryByRole('button', { name: 'Update information' })
const cancel = () => screen.queryByRole('button', { name: 'Cancel changes' })
/** The Tiptap editor behind the career's description (Tiptap keeps it on its element). */
const careerEditor = () => (description() as HTMLElement & { editor: Editor }).editor

describe('Edit Content', () => {
  it('finds an industry by typing, shows its name read only with counters, and no buttons until something changes', async () => {
    renderEditContent()
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Content' })).toBeInTheDocument()
    // The page (with its editor) loads on first visit.
    await userEvent.click(await screen.findByRole('radio', { name: 'Industry' }))
    const box = await screen.findByRole('combobox', { name: 'Industry' })
    await userEvent.type(box, 'hair')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Hair and Beauty'])
    // Keyboard only: the arrow reaches the match, Enter picks it.
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(box).toHaveValue('Hair and Beauty')

    const name = screen.getByRole('textbox', { name: 'Name' })
    expect(name).toHaveValue('Hair and Beauty')
    expect(name).toHaveAttribute('readonly')
    expect(screen.getByText('15/50')).toBeInTheDocument()
    expect(description()).toHaveValue('Salons and spas.')
    expect(screen.getByText('16/300')).toBeInTheDocument()
    expect(update()).not.toBeInTheDocument()
    expect(cancel()).not.toBeInTheDocument()
  })

  it('shows Update and Cancel on a change, and Cancel restores the stored copy', async () => {
    renderEditContent()
    await pick('Industry', 'hosp', 'Hospitality')
    await userEvent.type(description(), ' And pubs.')
    expect(update()).toBeEnabled()
    expect(cancel()).toBeEnabled()
    expect(screen.getByText('40/300')).toBeInTheDocument()
    await userEvent.click(cancel()!)
    expect(description()).toHaveValue('Cafés, restaurants and hotels.')
    expect(update()).not.toBeInTheDocument()
    expect(cancel()).not.toBeInTheDocument()
  })

  it('checks the description as the admin types and blocks Update while it is wrong', async () => {
    renderEditContent()
    await pick('Industry', 'hosp', 'Hospitality')
    await userEvent.clear(description())
    expect(screen.getByText('Description is required')).toBeInTheDocument()
    expect(description()).toHaveAttribute('aria-invalid', 'true')
    expect(update()).toBeDisabled()

    await userEvent.click(description())
    await userEvent.paste('x'.repeat(301))
    expect(screen.getByText('Description must not be longer than 300 characters')).toBeInTheDocument()
    expect(screen.getByText('301/300')).toBeInTheDocument()
    expect(update()).toBeDisabled()

    await userEvent.type(description(), '{Backspace}')
    expect(screen.queryByText(/^Description /)).not.toBeInTheDocument()
    expect(update()).toBeEnabled()
  })

  it('saves, says so, hides the buttons and asks for the list again', async () => {
    const { fetchMock, client } = renderEditContent()
    // A public page seen earlier in this visit: it must ask again for the new copy.
    client.setQueryData(['industries'], industries)
    await pick('Industry', 'hosp', 'Hospitality')
    await userEvent.type(description(), ' And pubs.')
    await userEvent.click(update()!)
    const message = await screen.findByText('Details updated successfully')
    expect(message.closest('[role="status"]')).toHaveFocus()
    expect(sentTo(fetchMock, '/api/updateindustry')).toEqual([{ id: 'i1', description: 'Cafés, restaurants and hotels. And pubs.' }])
    expect(update()).not.toBeInTheDocument()
    expect(description()).toHaveValue('Cafés, restaurants and hotels. And pubs.')
    await waitFor(() => expect(sentTo(fetchMock, '/api/industrieslist')).toHaveLength(2))
    expect(client.getQueryState(['industries'])?.isInvalidated).toBe(true)

    // The next change starts over: the message goes, the buttons come back.
    await userEvent.type(description(), '!')
    expect(screen.queryByText('Details updated successfully')).not.toBeInTheDocument()
    expect(update()).toBeInTheDocument()
  })

  it("shows the server's message when a save fails", async () => {
    renderEditContent({ 'POST /api/updateindustry': reply(404, [{ msg: 'Industry not found' }]) })
    await pick('Industry', 'hosp', 'Hospitality')
    await userEvent.type(description(), '!')
    await userEvent.click(update()!)
    expect(await within(screen.getByRole('region', { name: 'Edit Hospitality' })).findByRole('alert')).toHaveTextContent('Industry not found')
    expect(update()).toBeInTheDocument()
  })

  it('lists courses with their codes', async () => {
    renderEditContent()
    await pick('Course', 'sit308', 'SIT30821 Certificate III in Commercial Cookery')
    expect(description()).toHaveValue('Learn to cook.')
  })
})

describe('Edit Content for a career', () => {
  it('edits the copy in a rich-text editor that counts only the visible text', async () => {
    const { fetchMock } = renderEditContent()
    await pick('Career', 'cook', 'Cook')
    const editor = description()
    expect(editor).toHaveAttribute('contenteditable', 'true')
    expect(within(editor).getByText('Typical pathway:').tagName).toBe('STRONG')
    // 'Cooks prepare food.' and 'Typical pathway: Certificate III.': tags are not counted.
    expect(screen.getByText('52/300')).toBeInTheDocument()
    // Loading the stored copy is not a change.
    expect(update()).not.toBeInTheDocument()

    const toolbar = screen.getByRole('toolbar', { name: 'Text formatting' })
    for (const name of ['Text format', 'Bold', 'Italic', 'Underline', 'Link', 'Numbered list', 'Bulleted list', 'Lower case', 'Upper case', 'Undo', 'Redo']) {
      expect(within(toolbar).getByRole(name === 'Text format' ? 'combobox' : 'button', { name })).toBeInTheDocument()
    }

    act(() => {
      careerEditor().chain().focus('end').insertContent('<ul><li><p>Early starts</p></li></ul>').run()
    })
    expect(update()).toBeInTheDocument()
    expect(screen.getByText('64/300')).toBeInTheDocument()
    expect(within(toolbar).getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false')

    await userEvent.click(update()!)
    await screen.findByText('Details updated successfully')
    const [sent] = sentTo(fetchMock, '/api/updatecareer') as { id: string; description: string }[]
    expect(sent.id).toBe('k1')
    expect(sent.description).toContain('<ul><li><p>Early starts</p></li></ul>')
    expect(update()).not.toBeInTheDocument()
  })

  it('checks the visible text: required, and at most 300 characters', async () => {
    renderEditContent()
    await pick('Career', 'cook', 'Cook')
    act(() => {
      careerEditor().chain().selectAll().deleteSelection().run()
    })
    expect(screen.getByText('Description is required')).toBeInTheDocument()
    expect(update()).toBeDisabled()

    // 300 letters in bold: the tags do not count, the 301st letter does.
    act(() => {
      careerEditor().commands.setContent(`<p><strong>${'a'.repeat(300)}</strong></p>`, { emitUpdate: true })
    })
    expect(screen.queryByText(/^Description /)).not.toBeInTheDocument()
    expect(update()).toBeEnabled()
    act(() => {
      careerEditor().chain().focus('end').insertContent('b').run()
    })
    expect(screen.getByText('Description must not be longer than 300 characters')).toBeInTheDocument()
    expect(screen.getByText('301/300')).toBeInTheDocument()
    expect(update()).toBeDisabled()

    await userEvent.click(cancel()!)
    expect(within(description()).getByText('Cooks prepare food.')).toBeInTheDocument()
    expect(update()).not.toBeInTheDocument()
  })

  it('makes bold text and upper case from the toolbar', async () => {
    renderEditContent()
    await pick('Career', 'bar', 'Barista')
    const toolbar = screen.getByRole('toolbar', { name: 'Text formatting' })
    const button = (name: string) => within(toolbar).getByRole('button', { name })
    // Each edit a second after the last, so the history keeps them as separate undo steps.
    let now = Date.now()
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000))
    // jsdom has no real selection for the editor to keep: once a click's deferred focus has
    // landed (it reads jsdom's empty selection), select again.
    const selectFirstWord = async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
      act(() => void careerEditor().commands.setTextSelection({ from: 1, to: 9 }))
    }

    await selectFirstWord()
    await userEvent.click(button('Bold'))
    expect(careerEditor().getHTML()).toBe('<p><strong>Baristas</strong> make coffee.</p>')
    await selectFirstWord()
    expect(button('Bold')).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(button('Upper case'))
    expect(careerEditor().getHTML()).toBe('<p><strong>BARISTAS</strong> make coffee.</p>')
    await selectFirstWord()
    await userEvent.click(button('Lower case'))
    expect(careerEditor().getHTML()).toBe('<p><strong>baristas</strong> make coffee.</p>')
    await userEvent.click(button('Undo'))
    expect(careerEditor().getHTML()).toBe('<p><strong>BARISTAS</strong> make coffee.</p>')
    await userEvent.click(button('Redo'))
    expect(careerEditor().getHTML()).toBe('<p><strong>baristas</strong> make coffee.</p>')
    expect(update()).toBeInTheDocument()
  })

  it('asks for a link address and takes only http, https and mailto', async () => {
    renderEditContent()
    await pick('Career', 'bar', 'Barista')
    act(() => {
      careerEditor().commands.setTextSelection({ from: 1, to: 9 })
    })
    await userEvent.click(screen.getByRole('button', { name: 'Link' }))
    const address = screen.getByRole('textbox', { name: 'Link address' })
    expect(address).toHaveFocus()
    await userEvent.type(address, 'javascript:alert(1){Enter}')
    expect(screen.getByText('Enter a link starting with http://, https:// or mailto:')).toBeInTheDocument()
    await userEvent.clear(address)
    await userEvent.type(address, 'https://www.example.com/baristas{Enter}')
    expect(screen.queryByRole('textbox', { name: 'Link address' })).not.toBeInTheDocument()
    expect(careerEditor().getHTML()).toContain('<a target="_blank" rel="noopener noreferrer" href="https://www.example.com/baristas">Baristas</a>')
    expect(screen.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-pressed', 'true')
  })
})
