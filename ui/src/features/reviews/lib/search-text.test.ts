import { describe, expect, it } from 'vitest'
import { matchCount, previewSegments, searchable, tooShort } from './search-text'

const shown = (segments: { text: string; match: boolean }[]) => segments.map((s) => (s.match ? `[${s.text}]` : s.text)).join('')

describe('the review search text', () => {
  it('searches from 3 letters or numbers, trimmed', () => {
    expect(searchable('  ab ')).toBe('')
    expect(tooShort('  ab ')).toBe(true)
    expect(searchable('"*"')).toBe('')
    expect(searchable(' café ')).toBe('café')
    expect(tooShort('   ')).toBe(false)
    expect(searchable('')).toBe('')
  })

  it('counts the matches', () => {
    expect(matchCount(1, 'café')).toBe('1 review matches “café”')
    expect(matchCount(3, 'trainers')).toBe('3 reviews match “trainers”')
  })

  it('previews a long comment around its first match', () => {
    const short = [{ text: 'A ', match: false }, { text: 'great', match: true }, { text: ' course', match: false }]
    expect(previewSegments(short, 160)).toBe(short)
    const early = [{ text: 'Great', match: true }, { text: ' x'.repeat(100), match: false }]
    expect(shown(previewSegments(early, 20))).toBe(`[Great]${' x'.repeat(7)}…`)
    const late = [{ text: 'y'.repeat(300), match: false }, { text: 'teacher', match: true }, { text: ' z'.repeat(50), match: false }]
    const preview = shown(previewSegments(late, 60))
    expect(preview).toBe(`…${'y'.repeat(40)}[teacher]${' z'.repeat(6)}…`)
  })
})
