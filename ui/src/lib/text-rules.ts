/** Characters as the server counts them (code points, so an emoji is one). */
export function countChars(text: string): number {
  return [...text].length
}

/**
 * The admin forms' length rule in the spec's words: '<Field> is required' when there is no text,
 * '<Field> must not be longer than <max> characters' past the limit (spec 001 section 5). Like the
 * server, it measures the text without the spaces around it.
 */
export function textLengthError(field: string, text: string, max: number): string | undefined {
  const length = countChars(text.trim())
  if (length === 0) return `${field} is required`
  if (length > max) return `${field} must not be longer than ${max} characters`
  return undefined
}

/** `text` closed with a full stop, unless it has its own ('Mulligans Flat Learning Co.' stays as it is). */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`
}
