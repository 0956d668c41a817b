import { useEditorState, type Editor } from '@tiptap/react'
import { Bold } from 'lucide-react'
import { CaseButtons, HistoryButtons, ToggleButton } from '@/components/ui/rich-text-editor/common-buttons'
import { RichTextEditor } from '@/components/ui/rich-text-editor/rich-text-editor'
import { Toolbar, ToolbarDivider, toolbarControl } from '@/components/ui/rich-text-editor/toolbar'
import { STRIP_COLOURS, STRIP_EXTENSIONS } from './strip-extensions'

type StripMessageEditorProps = {
  id: string
  value: string
  onChange: (html: string) => void
  describedBy?: string
  invalid?: boolean
}

/** 'Strip Message': on the strip's own dark background, so the three colours read as they will. */
export function StripMessageEditor(props: StripMessageEditorProps) {
  return (
    <RichTextEditor
      {...props}
      extensions={STRIP_EXTENSIONS}
      contentClassName="on-dark min-h-20 bg-brand-950 font-medium text-white [&_strong]:font-bold"
      toolbar={(editor) => (
        <Toolbar label="Strip message formatting" controls={props.id}>
          <ToggleButton editor={editor} label="Bold" icon={Bold} isActive={(e) => e.isActive('bold')} toggle={(e) => e.chain().focus().toggleBold().run()} />
          <ToolbarDivider />
          <CaseButtons editor={editor} />
          <ToolbarDivider />
          <HistoryButtons editor={editor} />
          <ToolbarDivider />
          <ColourButtons editor={editor} />
        </Toolbar>
      )}
    />
  )
}

/** One button per colour; pressing the colour already on takes it off again. */
function ColourButtons({ editor }: { editor: Editor }) {
  const current = useEditorState({ editor, selector: (state) => (state.editor.getAttributes('textStyle').color as string | undefined) ?? null })
  return (
    <>
      {STRIP_COLOURS.map(({ name, value }) => {
        const pressed = current?.toLowerCase() === value
        return (
          <button
            key={value}
            type="button"
            aria-label={`Font colour ${name}`}
            title={`Font colour ${name}`}
            aria-pressed={pressed}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => (pressed ? editor.chain().focus().unsetColor().run() : editor.chain().focus().setColor(value).run())}
            className={toolbarControl}
          >
            <span aria-hidden="true" className="size-5 rounded-full border-2 border-brand-950 ring-1 ring-line" style={{ backgroundColor: value }} />
          </button>
        )
      })}
    </>
  )
}
