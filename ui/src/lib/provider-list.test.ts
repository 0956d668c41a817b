import { describe, expect, it } from 'vitest'
import { filterByName, sortProviders, type SortableProvider } from './provider-list'

type P = SortableProvider & { id: string }

const p = (name: string, total = 0, student: number | null = null, employer: number | null = null, distance: number | null = null): P => ({
  id: name,
  name,
  reviewCount: { total },
  rating: { student, employer },
  distance,
})

const names = (list: P[]) => list.map((x) => x.name)

describe('filterByName', () => {
  const list = [p('Harbour City Training'), p('Laneway Culinary Institute'), p('Battery Point College')]

  it('matches a substring of the name, ignoring case', () => {
    expect(names(filterByName(list, 'harbour'))).toEqual(['Harbour City Training'])
    expect(names(filterByName(list, 'CULINARY'))).toEqual(['Laneway Culinary Institute'])
    expect(names(filterByName(list, 'aR'))).toEqual(['Harbour City Training', 'Laneway Culinary Institute'])
  })

  it('keeps everyone for blank text and no one for a miss', () => {
    expect(filterByName(list, '  ')).toHaveLength(3)
    expect(filterByName(list, 'zzz')).toEqual([])
  })

  it('trims the text', () => {
    expect(names(filterByName(list, '  point '))).toEqual(['Battery Point College'])
  })
})

describe('sortProviders', () => {
  // Not in A-Z order on purpose: every sort starts from A-Z.
  const list = [
    p('Delta', 3, 4.5, null, 300),
    p('alpha', 0, null, null, null),
    p('Charlie', 7, 3, 4, 12),
    p('Bravo', 3, 4.5, 2.5, 850),
    p('Echo', 0, null, 5, 12),
  ]

  it('Lowest fee: cheapest first, unknown fees last, ties in A-Z order', () => {
    const fees: Record<string, number | null> = { Delta: 900, alpha: null, Charlie: 300, Bravo: 900, Echo: 0 }
    const priced = list.map((x) => ({ ...x, facts: { fee: fees[x.name] ?? null } }))
    expect(names(sortProviders(priced, 'lowest-fee'))).toEqual(['Echo', 'Charlie', 'Bravo', 'Delta', 'alpha'])
  })

  it('Best score, last 24 months: highest recent score first, providers without one last in A-Z order', () => {
    const recent: Record<string, number | null> = { Delta: 3.5, alpha: null, Charlie: 4.8, Bravo: 3.5, Echo: null }
    const scored = list.map((x) => ({ ...x, rating: { ...x.rating, recent: recent[x.name] ?? null } }))
    expect(names(sortProviders(scored, 'recent-score'))).toEqual(['Charlie', 'Bravo', 'Delta', 'alpha', 'Echo'])
  })

  it('Lowest fee compares the subsidised fee where one is set, as the server does', () => {
    const facts: Record<string, { fee: number | null; subsidisedFee: number | null }> = {
      Delta: { fee: 900, subsidisedFee: 100 },
      alpha: { fee: null, subsidisedFee: null },
      Charlie: { fee: 300, subsidisedFee: null },
      Bravo: { fee: 5000, subsidisedFee: 200 },
      Echo: { fee: null, subsidisedFee: 250 },
    }
    const priced = list.map((x) => ({ ...x, facts: facts[x.name] }))
    expect(names(sortProviders(priced, 'lowest-fee'))).toEqual(['Delta', 'Bravo', 'Echo', 'Charlie', 'alpha'])
  })

  it('A-Z ignores case', () => {
    expect(names(sortProviders(list, 'a-z'))).toEqual(['alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'])
  })

  it('Most Reviewed: most reviews first, ties in A-Z order', () => {
    expect(names(sortProviders(list, 'most-reviewed'))).toEqual(['Charlie', 'Bravo', 'Delta', 'alpha', 'Echo'])
  })

  it('Top Rated (Student or Graduate): best first, ties A-Z, unrated last', () => {
    expect(names(sortProviders(list, 'top-student'))).toEqual(['Bravo', 'Delta', 'Charlie', 'alpha', 'Echo'])
  })

  it('Top Rated (Employer): best first, unrated last in A-Z order', () => {
    expect(names(sortProviders(list, 'top-employer'))).toEqual(['Echo', 'Charlie', 'Bravo', 'alpha', 'Delta'])
  })

  it('Closest to me: nearest first, ties A-Z, unknown distance last', () => {
    expect(names(sortProviders(list, 'closest'))).toEqual(['Charlie', 'Echo', 'Delta', 'Bravo', 'alpha'])
  })

  it('does not change the list it was given', () => {
    const before = names(list)
    sortProviders(list, 'most-reviewed')
    expect(names(list)).toEqual(before)
  })

  it('keeps a rating of 0 above no rating', () => {
    const zero = [p('Bravo', 0, null), p('Alpha', 1, 0)]
    expect(names(sortProviders(zero, 'top-student'))).toEqual(['Alpha', 'Bravo'])
  })
})
