import type { Extensions } from '@tiptap/core'
import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { fieldIds } from '../form-field-props'

type RichTextEditorProps = {
  /** The editable area's id; a Field with the same id labels it. */
  id: string
  /** The editor's configuration: a module constant, so the editor is made once. */
  extensions: Extensions
  /** The HTML shown; when it changes from outside (Cancel, another item) the editor shows it. */
  value: string
  /** The HTML after each edit by the user (typing, a toolbar button, undo). */
  onChange: (html: string) => void
  toolbar: (editor: Editor) => ReactNode
  /** Ids of the texts that describe the field (its counter, its error). */
  describedBy?: string
  invalid?: boolean
  /** Classes of the editable area (its colours, its text styles). */
  contentClassName: string
}

/**
 * A Tiptap editor as a form control: labelled by its Field, described by its counter and
 * error, with the toolbar the caller draws above it.
 */
export function RichTextEditor({ id, extensions, value, onChange, toolbar, describedBy, invalid, contentClassName }: RichTextEditorProps) {
  // Tiptap registers its callbacks once; the ref lets them see the latest props.
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })
  const [initialContent] = useState(value)
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': fieldIds(id).label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: `block w-full px-3.5 py-2.5 text-base focus-visible:outline-offset-0 ${contentClassName}`,
      },
    }),
    [id, describedBy, invalid, contentClassName],
  )
  const editor = useEditor({
    extensions,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor }) => onChangeRef.current(editor.getHTML()),
    // Made in an effect once mounted, not while rendering: an editor made while rendering is
    // destroyed if the commit comes more than a millisecond later (a page opened directly
    // does), and the stale instance crashed this component's own effect (issue 27).
    immediatelyRender: false,
  })

  useEffect(() => {
    if (editor && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])

  return (
    <div className={`overflow-hidden rounded-md border bg-white shadow-xs ${invalid ? 'border-danger-700' : 'border-muted/70'}`}>
      {editor ? (
        <>
          {toolbar(editor)}
          <EditorContent editor={editor} />
        </>
      ) : (
        // The editor's room while it is made (one frame), so nothing below it moves.
        <div aria-hidden="true" className={`min-h-20 ${contentClassName}`} />
      )}
    </div>
  )
}
