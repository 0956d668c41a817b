import { useEditorState, type Editor } from '@tiptap/react'
import { CaseLower, CaseUpper, Redo2, Undo2, type LucideIcon } from 'lucide-react'
import { ToolbarButton } from './toolbar'

type ToggleButtonProps = {
  editor: Editor
  label: string
  icon: LucideIcon
  /** Whether the format is on at the cursor (drawn as pressed). */
  isActive: (editor: Editor) => boolean
  toggle: (editor: Editor) => void
}

/** A format that is on or off at the cursor: bold, italic, a list. */
export function ToggleButton({ editor, label, icon, isActive, toggle }: ToggleButtonProps) {
  const pressed = useEditorState({ editor, selector: (state) => isActive(state.editor) })
  return <ToolbarButton label={label} icon={icon} pressed={pressed} onClick={() => toggle(editor)} />
}

/** 'Lower case' and 'Upper case' rewrite the selected text (the editor needs the TextCase extension). */
export function CaseButtons({ editor }: { editor: Editor }) {
  const empty = useEditorState({ editor, selector: (state) => state.editor.state.selection.empty })
  return (
    <>
      <ToolbarButton label="Lower case" icon={CaseLower} disabled={empty} onClick={() => editor.chain().focus().setTextCase('lower').run()} />
      <ToolbarButton label="Upper case" icon={CaseUpper} disabled={empty} onClick={() => editor.chain().focus().setTextCase('upper').run()} />
    </>
  )
}

export function HistoryButtons({ editor }: { editor: Editor }) {
  const can = useEditorState({
    editor,
    selector: (state) => ({ undo: state.editor.can().undo(), redo: state.editor.can().redo() }),
  })
  return (
    <>
      <ToolbarButton label="Undo" icon={Undo2} disabled={!can.undo} onClick={() => editor.chain().focus().undo().run()} />
      <ToolbarButton label="Redo" icon={Redo2} disabled={!can.redo} onClick={() => editor.chain().focus().redo().run()} />
    </>
  )
}
