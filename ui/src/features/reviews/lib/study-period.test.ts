import { describe, expect, it } from 'vitest'
import { studyPeriodText } from './study-period'

describe('studyPeriodText', () => {
  it('names both months of a finished study', () => {
    expect(studyPeriodText({ start: '2023-03', end: '2024-11', studying: false })).toBe('Studied March 2023 to November 2024')
  })
  it('says since when for a reviewer still studying', () => {
    expect(studyPeriodText({ start: '2024-01', end: null, studying: true })).toBe('Studying since January 2024')
    expect(studyPeriodText({ start: null, end: null, studying: true })).toBe('Still studying')
  })
  it('shows what an older review says, or nothing', () => {
    expect(studyPeriodText({ start: null, end: '2022-06', studying: false })).toBe('Finished or left June 2022')
    expect(studyPeriodText({ start: '2021-12', end: null, studying: false })).toBe('Started December 2021')
    expect(studyPeriodText(null)).toBeNull()
    expect(studyPeriodText(undefined)).toBeNull()
  })
})
