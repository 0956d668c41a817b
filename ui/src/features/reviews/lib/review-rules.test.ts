import { describe, expect, it } from 'vitest'
import { ALREADY_REVIEWED, notAllowedSentence, reviewButtonState } from './review-rules'
import { starsFor } from '@/lib/reviews/stars'
import { answerRows, formatAnswer, SPECIAL_ANSWER_LABELS } from '@/lib/reviews/answers'
import { STUDENT_QUESTIONS } from '../testing/fixtures'

describe('Leave a review button', () => {
  it('opens for a Student or an Employer who has not reviewed the pair', () => {
    expect(reviewButtonState('Student', false)).toEqual({ kind: 'open', userType: 'Student' })
    expect(reviewButtonState('Employer', false)).toEqual({ kind: 'open', userType: 'Employer' })
  })

  it('says already reviewed for a Student or an Employer who has', () => {
    expect(reviewButtonState('Student', true)).toEqual({ kind: 'reviewed' })
    expect(reviewButtonState('Employer', true)).toEqual({ kind: 'reviewed' })
    expect(ALREADY_REVIEWED).toBe("You have already reviewed this course. You'll be notified when your review is live!")
  })

  it('waits while asking', () => {
    expect(reviewButtonState(undefined, false)).toEqual({ kind: 'checking' })
    expect(reviewButtonState('Student', undefined)).toEqual({ kind: 'checking' })
  })

  it("is not for the other types, with the spec's sentence ('an Other user')", () => {
    expect(reviewButtonState('Parent', undefined)).toEqual({
      kind: 'not-allowed',
      sentence: '* As a Parent user, you do not have the ability to leave a review.',
    })
    expect(notAllowedSentence('Other')).toBe('* As an Other user, you do not have the ability to leave a review.')
    expect(notAllowedSentence('Career Advisor')).toBe('* As a Career Advisor user, you do not have the ability to leave a review.')
    expect(reviewButtonState('Course Provider', false).kind).toBe('not-allowed')
  })
})

describe('display helpers', () => {
  it('draws full, half and empty stars', () => {
    expect(starsFor(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty'])
    expect(starsFor(5)).toEqual(['full', 'full', 'full', 'full', 'full'])
    expect(starsFor(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty'])
    expect(starsFor(null)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty'])
    expect(starsFor(1.4)).toEqual(['full', 'empty', 'empty', 'empty', 'empty'])
  })

  it('lists answers by question in the definitions order, month-year as MM/YYYY, labels overridable', () => {
    expect(formatAnswer({ month: '06', year: '2025' })).toBe('06/2025')
    const rows = answerRows(
      STUDENT_QUESTIONS,
      { notCompletedBecauseOther: 'Moved', notCompletedBecause: 'Other', completedCourse: 'No', completedHalfCourse: 'No' },
      { ...SPECIAL_ANSWER_LABELS, completedCourse: 'Completed?' },
    )
    expect(rows).toEqual([
      { slug: 'completedCourse', label: 'Completed?', answer: 'No' },
      { slug: 'completedHalfCourse', label: 'Did you complete more than half of the course?', answer: 'No' },
      { slug: 'notCompletedBecause', label: "Why didn't you complete the course?", answer: 'Other' },
      { slug: 'notCompletedBecauseOther', label: 'Please specify', answer: 'Moved' },
    ])
  })
})
