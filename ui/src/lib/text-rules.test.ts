import { describe, expect, it } from 'vitest'
import { countChars, endSentence, textLengthError } from './text-rules'

describe('textLengthError', () => {
  it.each([
    ['', 'Description is required'],
    ['   ', 'Description is required'],
    ['a'.repeat(300), undefined],
    [` ${'a'.repeat(300)} `, undefined],
    ['a'.repeat(301), 'Description must not be longer than 300 characters'],
    ['🎉'.repeat(300), undefined],
  ])('%j', (text, error) => {
    expect(textLengthError('Description', text, 300)).toBe(error)
  })

  it("names the field in the spec's words", () => {
    expect(textLengthError('Button Label', '', 25)).toBe('Button Label is required')
    expect(textLengthError('Button Label', 'x'.repeat(26), 25)).toBe('Button Label must not be longer than 25 characters')
  })

  it('counts an emoji as one character, as the server does', () => {
    expect(countChars('Win 🎉')).toBe(5)
  })
})

describe('endSentence', () => {
  it('adds a full stop unless the name has its own', () => {
    expect(endSentence('Harbourlight Skills')).toBe('Harbourlight Skills.')
    expect(endSentence('Mulligans Flat Learning Co.')).toBe('Mulligans Flat Learning Co.')
    expect(endSentence('Really?')).toBe('Really?')
  })
})
