import { describe, expect, it } from 'vitest'
import { confirmedText } from './confirm-text'

describe("the 'Still correct' answer", () => {
  it('counts the courses confirmed', () => {
    expect(confirmedText(1)).toBe('Thank you: 1 course confirmed as still correct.')
    expect(confirmedText(3)).toBe('Thank you: 3 courses confirmed as still correct.')
    expect(confirmedText(0)).toBe('Nothing was waiting to be confirmed.')
  })
})
