import { describe, expect, it } from 'vitest'
import { deliveryText, dollars, durationText, feeText, monthText, sourceLabel } from './offering-facts'

describe('offering facts as readers see them', () => {
  it('write fees, durations, months and delivery modes', () => {
    expect(dollars(12500)).toBe('$12,500')
    expect(durationText(26, null)).toBe('26 weeks')
    expect(durationText(26, 52)).toBe('26 to 52 weeks')
    expect(durationText(1, 1)).toBe('1 week')
    expect(durationText(null, null)).toBeNull()
    expect(monthText('2027-03')).toBe('March 2027')
    expect(deliveryText(['online', 'on campus'])).toBe('Online, on campus')
    expect(deliveryText([])).toBeNull()
  })

  it('write the full fee with the subsidised fee and its state', () => {
    expect(feeText({ fee: 9000, subsidisedFee: 3000, subsidyState: 'NSW' })).toBe('Fee $9,000 ($3,000 subsidised in NSW)')
    expect(feeText({ fee: 9000, subsidisedFee: null })).toBe('Fee $9,000')
    expect(feeText({ fee: null, subsidisedFee: 400, subsidyState: 'VIC' })).toBe('Fee $400 subsidised in VIC')
    expect(feeText({ fee: null, subsidisedFee: null })).toBeNull()
  })

  it('say who said so and when', () => {
    expect(sourceLabel({ source: 'representative', confirmedAt: '2026-11-02T10:00:00Z' })).toBe('From the provider, confirmed November 2026')
    expect(sourceLabel({ source: 'admin', confirmedAt: '2026-11-02T10:00:00Z' })).toBe('Added by CourseSource')
    expect(sourceLabel({ source: 'import', confirmedAt: null })).toBe('Added by CourseSource')
    expect(sourceLabel({ source: null, confirmedAt: null })).toBeNull()
  })
})
