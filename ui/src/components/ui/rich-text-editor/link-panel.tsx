import type { Editor } from '@tiptap/react'
import { useId, useState } from 'react'
import { isSafeLinkHref } from '@/lib/url-rules'
import { secondaryButton, primaryButton } from '../button-styles'
import { FieldError } from '../form-field'
import { controlA11y, controlClass } from '../form-field-props'

const INVALID = 'Enter a link starting with http://, https:// or mailto:'

/**
 * The link button's small form under the toolbar: the address of the link at the cursor (or a
 * new one), Apply, Remove and Cancel. Escape cancels; either way the focus goes back to the text.
 */
export function LinkPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId()
  const inputId = `${id}-href`
  const current = (editor.getAttributes('link').href as string | undefined) ?? ''
  const [href, setHref] = useState(current)
  const [error, setError] = useState<string>()

  const close = () => {
    onClose()
    editor.commands.focus()
  }
  const apply = () => {
    const link = href.trim()
    if (!isSafeLinkHref(link)) return setError(INVALID)
    const chain = editor.chain().focus().extendMarkRange('link')
    // With nothing selected the address itself becomes the linked text.
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: link, marks: [{ type: 'link', attrs: { href: link } }] }).run()
    } else {
      chain.setLink({ href: link }).run()
    }
    onClose()
  }
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run()
    onClose()
  }

  return (
    // A group, not a form: the editor may sit inside a page's form, and forms do not nest.
    <div
      role="group"
      aria-label="Link"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          close()
        } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          event.preventDefault()
          apply()
        }
      }}
      className="flex flex-col gap-3 border-b border-line bg-brand-50 p-3 sm:flex-row sm:items-start"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="sr-only">
          Link address
        </label>
        <input
          type="url"
          inputMode="url"
          autoFocus
          placeholder="https://www.example.com.au"
          value={href}
          onChange={(event) => {
            setHref(event.target.value)
            setError(undefined)
          }}
          className={controlClass(!!error)}
          {...controlA11y(inputId, { error })}
        />
        <FieldError id={`${inputId}-error`} message={error} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${primaryButton} px-4 py-2 text-sm`} onClick={apply}>
          Apply link
        </button>
        {current && (
          <button type="button" className={`${secondaryButton} px-4 py-2 text-sm`} onClick={remove}>
            Remove link
          </button>
        )}
        <button type="button" className={`${secondaryButton} px-4 py-2 text-sm`} onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  )
}
