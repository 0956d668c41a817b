import { Editor } from '@tiptap/core'
import { StarterKit } from '@tiptap/starter-kit'
import { afterEach, describe, expect, it } from 'vitest'
import { TextCase } from './text-case'

let editor: Editor
afterEach(() => editor?.destroy())

const make = (content: string) => (editor = new Editor({ extensions: [StarterKit, TextCase], content }))

describe('setTextCase', () => {
  it('upper-cases the selection, keeping its marks, as one undoable step', () => {
    make('<p><strong>Baristas</strong> make coffee.</p>')
    editor.commands.setTextSelection({ from: 1, to: 14 })
    expect(editor.commands.setTextCase('upper')).toBe(true)
    expect(editor.getHTML()).toBe('<p><strong>BARISTAS</strong> MAKE coffee.</p>')
    expect(editor.state.selection.from).toBe(1)
    expect(editor.state.selection.to).toBe(14)
    editor.commands.undo()
    expect(editor.getHTML()).toBe('<p><strong>Baristas</strong> make coffee.</p>')
  })

  it('lower-cases across paragraphs', () => {
    make('<p>ONE</p><p>TWO <em>THREE</em></p>')
    editor.commands.selectAll()
    editor.commands.setTextCase('lower')
    expect(editor.getHTML()).toBe('<p>one</p><p>two <em>three</em></p>')
  })

  it('does nothing without a selection', () => {
    make('<p>Text</p>')
    expect(editor.commands.setTextCase('upper')).toBe(false)
    expect(editor.getHTML()).toBe('<p>Text</p>')
  })
})
