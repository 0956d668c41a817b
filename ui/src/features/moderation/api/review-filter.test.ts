import { describe, expect, it } from 'vitest'
import { DEFAULT_FILTER, withActioned, withApproved } from './review-filter'

describe('the moderation filter rules', () => {
  it('starts with the unactioned queue, oldest first, all user types, searching course names', () => {
    expect(DEFAULT_FILTER).toEqual({
      actioned: false,
      approved: false,
      sort: 'Oldest',
      userType: 'All',
      searchBy: 'Course Name',
      searchText: '',
      flagged: false,
    })
  })

  it('asks for both decisions (approved null) when Actioned is chosen', () => {
    expect(withActioned(DEFAULT_FILTER, true)).toMatchObject({ actioned: true, approved: null })
    expect(withActioned({ ...DEFAULT_FILTER, actioned: true, approved: true }, true)).toMatchObject({ approved: null })
  })

  it('sends approved false when Unactioned is chosen', () => {
    const actioned = { ...DEFAULT_FILTER, actioned: true, approved: true }
    expect(withActioned(actioned, false)).toMatchObject({ actioned: false, approved: false })
  })

  it('changes the decision only for actioned reviews', () => {
    const actioned = withActioned(DEFAULT_FILTER, true)
    expect(withApproved(actioned, true).approved).toBe(true)
    expect(withApproved(actioned, false).approved).toBe(false)
    expect(withApproved(DEFAULT_FILTER, true)).toBe(DEFAULT_FILTER)
  })

  it('keeps the other choices', () => {
    const filter = { ...DEFAULT_FILTER, sort: 'Latest' as const, userType: 'Employer' as const, searchText: 'cookery' }
    expect(withActioned(filter, true)).toMatchObject({ sort: 'Latest', userType: 'Employer', searchText: 'cookery' })
  })
})
