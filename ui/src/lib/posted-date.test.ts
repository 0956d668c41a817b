import { describe, expect, it } from 'vitest'
import { formatPostedDate } from './posted-date'

describe('formatPostedDate', () => {
  it('draws a date as DD.MM.YY', () => {
    const local = new Date(2026, 2, 7, 12).toISOString()
    expect(formatPostedDate(local)).toBe('07.03.26')
  })

  it('leaves something that is not a date as it is', () => {
    expect(formatPostedDate('soon')).toBe('soon')
  })
})
