import { useEditorState, type Editor } from '@tiptap/react'
import { Bold, Italic, Link2, List, ListOrdered, Underline as UnderlineIcon } from 'lucide-react'
import { useState } from 'react'
import { RICH_TEXT_CLASS } from '@/components/ui/rich-text'
import { CaseButtons, HistoryButtons, ToggleButton } from '@/components/ui/rich-text-editor/common-buttons'
import { LinkPanel } from '@/components/ui/rich-text-editor/link-panel'
import { RichTextEditor } from '@/components/ui/rich-text-editor/rich-text-editor'
import { Toolbar, ToolbarDivider } from '@/components/ui/rich-text-editor/toolbar'
import { CAREER_EXTENSIONS } from './career-extensions'

type CareerEditorProps = {
  id: string
  value: string
  onChange: (html: string) => void
  describedBy?: string
  invalid?: boolean
}

/** The career description: rich text with the spec's toolbar. */
export function CareerEditor(props: CareerEditorProps) {
  return (
    <RichTextEditor
      {...props}
      extensions={CAREER_EXTENSIONS}
      contentClassName={`min-h-48 bg-white text-ink ${RICH_TEXT_CLASS}`}
      toolbar={(editor) => <CareerToolbar editor={editor} controls={props.id} />}
    />
  )
}

function CareerToolbar({ editor, controls }: { editor: Editor; controls: string }) {
  const [linkOpen, setLinkOpen] = useState(false)
  return (
    <>
      <Toolbar label="Text formatting" controls={controls}>
        <FormatSelect editor={editor} />
        <ToolbarDivider />
        <ToggleButton editor={editor} label="Bold" icon={Bold} isActive={(e) => e.isActive('bold')} toggle={(e) => e.chain().focus().toggleBold().run()} />
        <ToggleButton editor={editor} label="Italic" icon={Italic} isActive={(e) => e.isActive('italic')} toggle={(e) => e.chain().focus().toggleItalic().run()} />
        <ToggleButton
          editor={editor}
          label="Underline"
          icon={UnderlineIcon}
          isActive={(e) => e.isActive('underline')}
          toggle={(e) => e.chain().focus().toggleUnderline().run()}
        />
        <ToggleButton editor={editor} label="Link" icon={Link2} isActive={(e) => e.isActive('link')} toggle={() => setLinkOpen((open) => !open)} />
        <ToolbarDivider />
        <ToggleButton
          editor={editor}
          label="Numbered list"
          icon={ListOrdered}
          isActive={(e) => e.isActive('orderedList')}
          toggle={(e) => e.chain().focus().toggleOrderedList().run()}
        />
        <ToggleButton
          editor={editor}
          label="Bulleted list"
          icon={List}
          isActive={(e) => e.isActive('bulletList')}
          toggle={(e) => e.chain().focus().toggleBulletList().run()}
        />
        <ToolbarDivider />
        <CaseButtons editor={editor} />
        <ToolbarDivider />
        <HistoryButtons editor={editor} />
      </Toolbar>
      {linkOpen && <LinkPanel editor={editor} onClose={() => setLinkOpen(false)} />}
    </>
  )
}

const FORMATS = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: '2', label: 'Heading 2' },
  { value: '3', label: 'Heading 3' },
  { value: '4', label: 'Heading 4' },
] as const

type Format = (typeof FORMATS)[number]['value']

/** The block format at the cursor: a paragraph or a heading of level 2 to 4. */
function FormatSelect({ editor }: { editor: Editor }) {
  const format = useEditorState({
    editor,
    selector: ({ editor }): Format => (['2', '3', '4'] as const).find((level) => editor.isActive('heading', { level: Number(level) })) ?? 'paragraph',
  })
  const choose = (next: Format) => {
    const chain = editor.chain().focus()
    if (next === 'paragraph') chain.setParagraph().run()
    else chain.setHeading({ level: Number(next) as 2 | 3 | 4 }).run()
  }
  return (
    <select
      aria-label="Text format"
      value={format}
      onChange={(event) => choose(event.target.value as Format)}
      className="h-9 rounded-sm border border-line bg-white px-2 text-sm text-ink"
    >
      {FORMATS.map(({ value, label }) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  )
}
