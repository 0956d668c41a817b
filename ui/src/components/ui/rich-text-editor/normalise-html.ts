import { generateHTML, generateJSON, type Extensions } from '@tiptap/core'

/**
 * Stored HTML as an editor with these extensions would give it back (attribute order, `<b>` as
 * `<strong>`, dropped tags), so that 'changed' means the user changed something, not that the
 * editor rewrote the server's markup.
 */
export function normaliseHtml(html: string, extensions: Extensions): string {
  return generateHTML(generateJSON(html, extensions), extensions)
}
