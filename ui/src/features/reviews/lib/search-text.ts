import { SEARCH_MIN_CHARS, type Segment } from '../api/get-reviews-for'

/** The letters and numbers of a search, the ones its minimum counts. */
const wordChars = (text: string) => [...text].filter((c) => /[\p{L}\p{N}]/u.test(c)).length

/** The text to search for: trimmed, or '' while it is blank or too short to search. */
export function searchable(text: string): string {
  const trimmed = text.trim()
  return wordChars(trimmed) >= SEARCH_MIN_CHARS ? trimmed : ''
}

/** Whether the reader has typed something, but too little to search yet. */
export function tooShort(text: string): boolean {
  const trimmed = text.trim()
  return trimmed !== '' && wordChars(trimmed) < SEARCH_MIN_CHARS
}

/** '3 reviews match “teacher”'. */
export function matchCount(total: number, search: string): string {
  return `${total} ${total === 1 ? 'review matches' : 'reviews match'} “${search}”`
}

/** The segments of the text from `start` to `end` (string offsets). */
function slice(segments: Segment[], start: number, end: number): Segment[] {
  const kept: Segment[] = []
  let at = 0
  for (const segment of segments) {
    const [from, to] = [Math.max(start, at), Math.min(end, at + segment.text.length)]
    if (from < to) kept.push({ text: segment.text.slice(from - at, to - at), match: segment.match })
    at += segment.text.length
  }
  return kept
}

/** Characters of context kept before a match a preview starts at. */
const LEAD = 40

/**
 * A comment's preview of at most `max` characters: its start, or, when its first match lies
 * further in, the text around that match, with '…' where it is cut.
 */
export function previewSegments(segments: Segment[], max: number): Segment[] {
  const length = segments.reduce((sum, s) => sum + s.text.length, 0)
  if (length <= max) return segments
  let at = 0
  let first = -1
  for (const segment of segments) {
    if (segment.match) {
      first = at
      break
    }
    at += segment.text.length
  }
  const start = first <= max - LEAD ? 0 : Math.max(0, Math.min(first - LEAD, length - max))
  const kept = slice(segments, start, start + max)
  const last = kept.at(-1)
  if (start + max < length && last && !last.match) kept[kept.length - 1] = { ...last, text: last.text.trimEnd() }
  const ellipsis = (text: string): Segment => ({ text, match: false })
  return [...(start > 0 ? [ellipsis('…')] : []), ...kept, ...(start + max < length ? [ellipsis('…')] : [])]
}
