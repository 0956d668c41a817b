import { describe, expect, it } from 'vitest'
import { formatCount, formatScore, scoreFillPercent } from './score'

describe('formatScore', () => {
  it.each([
    [4, '4'],
    [5, '5'],
    [0, '0'],
    [4.5, '4.5'],
    [3.25, '3.3'],
    [4.04, '4'],
    [4.96, '5'],
    [2.333333, '2.3'],
  ])('shows %s as %s', (score, shown) => {
    expect(formatScore(score)).toBe(shown)
  })

  it('shows N/A when there is no score', () => {
    expect(formatScore(null)).toBe('N/A')
    expect(formatScore(undefined)).toBe('N/A')
    expect(formatScore(Number.NaN)).toBe('N/A')
  })
})

describe('formatCount', () => {
  it('shows a count, or N/A for none', () => {
    expect(formatCount(0)).toBe('N/A')
    expect(formatCount(1)).toBe('1')
    expect(formatCount(12)).toBe('12')
  })
})

describe('scoreFillPercent', () => {
  it('fills score × 20 percent, within 0-100', () => {
    expect(scoreFillPercent(4.5)).toBe(90)
    expect(scoreFillPercent(5)).toBe(100)
    expect(scoreFillPercent(null)).toBe(0)
    expect(scoreFillPercent(7)).toBe(100)
    expect(scoreFillPercent(-1)).toBe(0)
  })
})
