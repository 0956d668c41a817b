import type { Extensions } from '@tiptap/core'
import { Color } from '@tiptap/extension-color'
import { TextStyle } from '@tiptap/extension-text-style'
import { StarterKit } from '@tiptap/starter-kit'
import { TextCase } from '@/components/ui/rich-text-editor/text-case'

/** The strip's three font colours, the only ones the server keeps. */
export const STRIP_COLOURS = [
  { name: 'White', value: '#ffffff' },
  { name: 'Blue', value: '#93c5fd' },
  { name: 'Green', value: '#86efac' },
] as const

/** What a strip message may hold: paragraphs, bold, line breaks and coloured text. */
export const STRIP_EXTENSIONS: Extensions = [
  StarterKit.configure({
    blockquote: false,
    bulletList: false,
    code: false,
    codeBlock: false,
    dropcursor: false,
    gapcursor: false,
    heading: false,
    horizontalRule: false,
    italic: false,
    link: false,
    listItem: false,
    listKeymap: false,
    orderedList: false,
    strike: false,
    trailingNode: false,
    underline: false,
  }),
  TextStyle,
  Color,
  TextCase,
]
