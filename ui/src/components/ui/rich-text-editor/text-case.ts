import { Extension } from '@tiptap/core'
import type { Mark } from '@tiptap/pm/model'
import { TextSelection } from '@tiptap/pm/state'

export type TextCaseName = 'lower' | 'upper'

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textCase: {
      /** Rewrites the selected text in lower or upper case, keeping its marks (bold, links, colour). */
      setTextCase: (to: TextCaseName) => ReturnType
    }
  }
}

const CHANGE: Record<TextCaseName, (text: string) => string> = {
  lower: (text) => text.toLowerCase(),
  upper: (text) => text.toUpperCase(),
}

/** The toolbar's 'Lower case' and 'Upper case': one undoable step over the selection. */
export const TextCase = Extension.create({
  name: 'textCase',

  addCommands() {
    return {
      setTextCase:
        (to) =>
        ({ state, tr, dispatch }) => {
          const { from, to: end, empty } = state.selection
          if (empty) return false
          const pieces: { start: number; stop: number; text: string; marks: readonly Mark[] }[] = []
          state.doc.nodesBetween(from, end, (node, pos) => {
            if (!node.isText || !node.text) return
            const start = Math.max(from, pos)
            const stop = Math.min(end, pos + node.text.length)
            const before = node.text.slice(start - pos, stop - pos)
            const after = CHANGE[to](before)
            if (after !== before) pieces.push({ start, stop, text: after, marks: node.marks })
          })
          if (dispatch) {
            // Back to front, so the positions of the pieces still to go stay valid.
            for (const { start, stop, text, marks } of pieces.reverse()) {
              tr.replaceWith(start, stop, state.schema.text(text, marks))
            }
            tr.setSelection(TextSelection.create(tr.doc, tr.mapping.map(from, -1), tr.mapping.map(end)))
          }
          return true
        },
    }
  },
})
