import { describe, expect, it } from 'vitest'
import { pickRandom, seededRandom } from './random'

describe('pickRandom', () => {
  it('picks distinct items, no more than asked or available', () => {
    const items = ['a', 'b', 'c', 'd', 'e']
    for (let i = 0; i < 50; i++) {
      const picked = pickRandom(items, 2)
      expect(picked).toHaveLength(2)
      expect(new Set(picked).size).toBe(2)
      for (const p of picked) expect(items).toContain(p)
    }
    expect(pickRandom(['a'], 2)).toEqual(['a'])
    expect(pickRandom([], 2)).toEqual([])
  })

  it('picks the same with the same seed, and differently with others', () => {
    const items = Array.from({ length: 23 }, (_, i) => i)
    expect(pickRandom(items, 2, seededRandom(0.42))).toEqual(pickRandom(items, 2, seededRandom(0.42)))
    const picks = new Set(Array.from({ length: 20 }, (_, i) => pickRandom(items, 2, seededRandom(i / 20)).join()))
    expect(picks.size).toBeGreaterThan(10)
  })
})
