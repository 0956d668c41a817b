import { describe, expect, it } from 'vitest'
import { NOT_ENOUGH_RECENT, recentScoreText } from './recent-score'

describe('recentScoreText', () => {
  it('gives the score with its count from 3 recent reviews', () => {
    expect(recentScoreText(4.8333, 3)).toBe('4.8 out of 5 from 3 reviews')
    expect(recentScoreText(4, 12)).toBe('4 out of 5 from 12 reviews')
  })

  it('never gives a number from fewer', () => {
    expect(recentScoreText(null, 2)).toBe(NOT_ENOUGH_RECENT)
    expect(recentScoreText(5, 2)).toBe('Not enough recent reviews')
    expect(recentScoreText(null, 0)).toBe(NOT_ENOUGH_RECENT)
  })
})
