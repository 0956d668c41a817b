import { describe, expect, it } from 'vitest'
import { attestationText, monthLabel, recentMonths, shareText } from './lib'

describe('invitation words', () => {
  it('names months and writes the attestation as the server keeps it', () => {
    expect(monthLabel('2025-03')).toBe('March 2025')
    expect(attestationText('2025-01', '2025-06')).toBe(
      'I am inviting everyone who finished or left this course between January 2025 and June 2025, not a selection of them.',
    )
  })

  it('says the invited share only when there is one', () => {
    expect(shareText({ reviews: 4, invited: 0, percent: 0 })).toBeNull()
    expect(shareText({ reviews: 4, invited: 1, percent: 25 })).toBe("1 of 4 reviews (25%) came from the provider's invitations")
  })

  it('offers the months from this one back, newest first', () => {
    const months = recentMonths(new Date(Date.UTC(2026, 0, 15)), 1)
    expect(months[0]).toBe('2026-01')
    expect(months[1]).toBe('2025-12')
    expect(months).toHaveLength(12)
  })
})
