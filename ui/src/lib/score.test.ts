import { describe, expect, it } from 'vitest'
import { formatCount, formatScore, isFewRatings, percentOf, ratedCountText, scoreFillPercent } from './score'

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

describe('ratedCountText', () => {
  it('notes an average of one or two reviews, else gives the count', () => {
    expect(ratedCountText(1)).toBe('based on 1 review')
    expect(ratedCountText(2)).toBe('based on 2 reviews')
    expect(ratedCountText(3)).toBe('Reviews: 3')
    expect(ratedCountText(0)).toBe('Reviews: N/A')
    expect(ratedCountText(0, 0)).toBe('Reviews: N/A')
    // Reviews without a rating: said, so '1 Total reviews' never sits beside 'Reviews: N/A'.
    expect(ratedCountText(0, 1)).toBe('1 review, not rated')
    expect(ratedCountText(0, 2)).toBe('2 reviews, not rated')
    expect(ratedCountText(2, 3)).toBe('based on 2 reviews')
    expect([0, 1, 2, 3].map(isFewRatings)).toEqual([false, true, true, false])
  })
})

describe('percentOf', () => {
  it.each([
    [43, 50, 86],
    [2, 3, 67],
    [1, 3, 33],
    [5, 5, 100],
    [1, 8, 13],
    [0, 7, 0],
    [0, 0, 0],
  ])('%s of %s is %s percent', (part, whole, percent) => {
    expect(percentOf(part, whole)).toBe(percent)
  })
})
