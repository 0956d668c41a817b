import { describe, expect, it } from 'vitest'
import { COMPARE_LIMIT_MESSAGE, compareUrl, comparedSlugs, toggleCompared } from './compare-selection'

describe('compare selection', () => {
  it('adds and removes a pick, and refuses a fourth', () => {
    expect(toggleCompared([], 'a')).toEqual({ selected: ['a'], refused: false })
    expect(toggleCompared(['a', 'b'], 'a')).toEqual({ selected: ['b'], refused: false })
    expect(toggleCompared(['a', 'b', 'c'], 'd')).toEqual({ selected: ['a', 'b', 'c'], refused: true })
    expect(toggleCompared(['a', 'b', 'c'], 'c')).toEqual({ selected: ['a', 'b'], refused: false })
    expect(COMPARE_LIMIT_MESSAGE).toBe('You can compare up to 3 providers. Remove one to add another.')
  })

  it('writes and reads the compare address', () => {
    const url = compareUrl('certificate-iii-in-commercial-cookery', ['harbour-city-training', 'ballarat-lake-college'])
    expect(url).toBe('/course/certificate-iii-in-commercial-cookery/compare?providers=harbour-city-training,ballarat-lake-college')
    expect(comparedSlugs(url.slice(url.indexOf('?')))).toEqual(['harbour-city-training', 'ballarat-lake-college'])
    expect(comparedSlugs('?providers=a%2Cb,,a, c')).toEqual(['a', 'b', 'c'])
    expect(comparedSlugs('')).toEqual([])
  })
})
