import { describe, expect, it } from 'vitest'
import { filtersFromParams, isFiltered, withParam } from './provider-filters'

describe('provider filters in the address', () => {
  it('read the known filters and leave out the rest', () => {
    const params = new URLSearchParams('delivery=online&maxFee=8000&funding=Fee-free%20TAFE&intake=3&sort=lowest-fee')
    expect(filtersFromParams(params)).toEqual({ deliveryMode: 'online', maxFee: 8000, fundingNote: 'Fee-free TAFE', intakeWithinMonths: 3, sort: 'lowest-fee' })
    expect(filtersFromParams(new URLSearchParams('delivery=by%20post&maxFee=-1&intake=4&sort=x'))).toEqual({})
    expect(filtersFromParams(new URLSearchParams('sort=recent-score'))).toEqual({ sort: 'recent-score' })
  })

  it('set and clear one filter', () => {
    const params = withParam(new URLSearchParams('delivery=online'), 'maxFee', '5000')
    expect(params.toString()).toBe('delivery=online&maxFee=5000')
    expect(withParam(params, 'delivery', '').toString()).toBe('maxFee=5000')
    expect(isFiltered({ sort: 'lowest-fee' })).toBe(false)
    expect(isFiltered({ maxFee: 0 })).toBe(true)
  })
})
