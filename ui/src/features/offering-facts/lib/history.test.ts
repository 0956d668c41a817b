import { describe, expect, it } from 'vitest'
import { changes, valueText } from './history'

describe('a fact-history row as an admin reads it', () => {
  it('lists only the fields that changed, with labels and plain values', () => {
    const before = { fee: 9000, subsidisedFee: null, deliveryModes: ['online'], intakes: [], courseUrl: '' }
    const after = { fee: 9500, subsidisedFee: null, deliveryModes: ['on campus', 'online'], intakes: ['2030-02'], courseUrl: '' }
    expect(changes(before, after)).toEqual([
      { field: 'fee', label: 'Fee', before: '9000', after: '9500' },
      { field: 'deliveryModes', label: 'Delivery', before: 'online', after: 'on campus, online' },
      { field: 'intakes', label: 'Intakes', before: '—', after: '2030-02' },
    ])
  })

  it('reads a new campus as every field added and leaves out its id and version', () => {
    const removed = { _id: '4', name: 'Waterfront', town: 'Geelong', version: 2 }
    expect(changes(removed, null)).toEqual([
      { field: 'name', label: 'Campus name', before: 'Waterfront', after: '—' },
      { field: 'town', label: 'Town', before: 'Geelong', after: '—' },
    ])
    expect(valueText(['a', 'b'])).toBe('a, b')
    expect(valueText(null)).toBe('—')
  })

  it('names campuses, a removed one by its last name, and reads a cleared flag as yes and no', () => {
    const names = { '4': 'Waterfront', '5': 'City' }
    expect(changes({ campusIds: ['4'] }, { campusIds: ['4', '5', '9'] }, names)).toEqual([
      { field: 'campusIds', label: 'Campuses', before: 'Waterfront', after: 'Waterfront, City, Campus 9' },
    ])
    const url = 'https://elsewhere.example/c'
    expect(changes({ courseUrl: url, courseUrlFlagged: true }, { courseUrl: url, courseUrlFlagged: false })).toEqual([
      { field: 'courseUrlFlagged', label: 'Course web page flagged', before: 'Yes', after: 'No' },
    ])
  })
})
