import { describe, expect, it } from 'vitest'
// The flow cases the server's tests read too (src/reviews/flow_tests.rs): one table, two suites.
import flowCases from '../../../../../docs/review-flow-cases.json'
import { EMPLOYER_QUESTIONS as EQ, STUDENT_QUESTIONS as SQ } from '../testing/fixtures'
import {
  EMPLOYER_DID_NOT_COMPLETE,
  EMPLOYER_STILL_DOING,
  answerQuestion,
  flowComplete,
  flowPath,
  pruneAnswers,
  reviewPoints,
  scoreFor,
  submissionBody,
  unansweredQuestions,
  visibleQuestions,
  yearChoices,
  MONTHS,
  type Answers,
} from './review-flow'

const DETAILED_START = ['startedCourseIn', 'completedCourseIn', 'howWasCourseDelivered', 'easeOfAdministrationProcedures', 'involveAnyPracticalWorkExperience']
const DETAILED_END = [
  'assessmentsBasedOnRealisticActivities',
  'trainersWereKnowledgeable',
  'trainersWereResponsive',
  'describesYourSituation',
  'foundWorkWithinSixMonths',
  'howLikelyYouRecommend',
]

/** Answers questions in turn through the same function the form uses. */
function answer(type: 'Student' | 'Employer', steps: [string, Answers[string]][], from: Answers = {}) {
  const defs = type === 'Student' ? SQ : EQ
  return steps.reduce<Answers>((a, [slug, value]) => answerQuestion(type, defs, a, slug, value), from)
}

const studentCompleter: [string, Answers[string]][] = [
  ['completedCourse', 'Yes'],
  ['completedCourseIn', { month: '06', year: '2025' }],
  ['howWasCourseDelivered', 'Online'],
  ['easeOfAdministrationProcedures', 'Easy'],
  ['involveAnyPracticalWorkExperience', 'Yes'],
  ['whoArrangedWork', 'The training provider arranged it'],
  ['workExperienceWasBeneficial', 'Agree'],
  ['assessmentsBasedOnRealisticActivities', 'Agree'],
  ['trainersWereKnowledgeable', 'Strongly agree'],
  ['trainersWereResponsive', 'Agree'],
  ['describesYourSituation', 'Working in a job related to the course'],
  ['howLikelyYouRecommend', 'Very likely'],
]

describe('student flow', () => {
  it('shows nothing before the title, then the first question', () => {
    expect(visibleQuestions('Student', SQ, {}, false)).toEqual([])
    expect(visibleQuestions('Student', SQ, {}, true)).toEqual(['completedCourse'])
  })

  it('completer: each question appears once the one before is answered, work experience only after Yes', () => {
    let a: Answers = {}
    const seen: string[][] = []
    for (const step of studentCompleter) {
      seen.push(visibleQuestions('Student', SQ, a))
      a = answer('Student', [step], a)
    }
    expect(seen.map((s) => s.at(-1))).toEqual(studentCompleter.map(([slug]) => slug))
    expect(flowPath('Student', a)).toEqual(['completedCourse', ...DETAILED_START, 'whoArrangedWork', 'workExperienceWasBeneficial', ...DETAILED_END])
    expect(flowComplete('Student', SQ, a)).toBe(true)
  })

  it('practical work experience No skips and clears who arranged it and whether it helped', () => {
    const full = answer('Student', studentCompleter)
    const a = answer('Student', [['involveAnyPracticalWorkExperience', 'No']], full)
    expect(a.whoArrangedWork).toBeUndefined()
    expect(a.workExperienceWasBeneficial).toBeUndefined()
    expect(a.assessmentsBasedOnRealisticActivities).toBe('Agree')
    expect(flowPath('Student', a)).toEqual(['completedCourse', ...DETAILED_START, ...DETAILED_END])
    expect(flowComplete('Student', SQ, a)).toBe(true)
  })

  it('what happened after: optional, asked only of those who finished, any of its five answers kept', () => {
    const finished = answer('Student', studentCompleter)
    expect(flowComplete('Student', SQ, finished)).toBe(true)
    const said = answer('Student', [['foundWorkWithinSixMonths', 'Yes, in the field of the course']], finished)
    expect(pruneAnswers('Student', SQ, said).foundWorkWithinSixMonths).toBe('Yes, in the field of the course')
    expect(scoreFor(SQ, said)).toBe(scoreFor(SQ, finished))
    const question = SQ.find((q) => q.slug === 'foundWorkWithinSixMonths')
    expect(question?.optional).toBe(true)
    expect(question?.answers.map((c) => c.answer)).toEqual([
      'Yes, in the field of the course',
      'Yes, in another field',
      'No',
      'I was not looking for work',
      'I was already working in the field',
    ])
    // More than half but not finished: not asked, and an earlier answer is dropped.
    const half = answer('Student', [['completedCourse', 'No'], ['completedHalfCourse', 'Yes']], said)
    expect(flowPath('Student', half)).not.toContain('foundWorkWithinSixMonths')
    expect(half.foundWorkWithinSixMonths).toBeUndefined()
  })

  it('completed No shows the half-course question and clears everything below while it is unanswered', () => {
    const full = answer('Student', studentCompleter)
    const a = answer('Student', [['completedCourse', 'No']], full)
    expect(a).toEqual({ completedCourse: 'No' })
    expect(visibleQuestions('Student', SQ, a)).toEqual(['completedCourse', 'completedHalfCourse'])
  })

  it('completed Yes hides and clears the half-course answer', () => {
    const a = answer('Student', [
      ['completedCourse', 'No'],
      ['completedHalfCourse', 'Yes'],
      ['completedCourse', 'Yes'],
    ])
    expect(a).toEqual({ completedCourse: 'Yes' })
    // The optional start shows with the next question and does not hold the path up.
    expect(visibleQuestions('Student', SQ, a)).toEqual(['completedCourse', 'startedCourseIn', 'completedCourseIn'])
  })

  it('more than half: continues as a completer', () => {
    const a = answer('Student', [
      ['completedCourse', 'No'],
      ['completedHalfCourse', 'Yes'],
    ])
    expect(visibleQuestions('Student', SQ, a)).toEqual(['completedCourse', 'completedHalfCourse', 'startedCourseIn', 'completedCourseIn'])
  })

  it('less than half: the reason, then the recommendation; the detailed answers are cleared', () => {
    let a = answer('Student', [['completedCourse', 'No'], ['completedHalfCourse', 'Yes'], ...studentCompleter.slice(1)])
    expect(a.trainersWereResponsive).toBe('Agree')
    a = answer('Student', [['completedHalfCourse', 'No']], a)
    expect(a).toEqual({ completedCourse: 'No', completedHalfCourse: 'No', howLikelyYouRecommend: 'Very likely' })
    expect(visibleQuestions('Student', SQ, a)).toEqual(['completedCourse', 'completedHalfCourse', 'startedCourseIn', 'notCompletedBecause'])
    a = answer('Student', [['notCompletedBecause', 'I found a job']], a)
    expect(visibleQuestions('Student', SQ, a)).toEqual([
      'completedCourse',
      'completedHalfCourse',
      'startedCourseIn',
      'notCompletedBecause',
      'leftCourseIn',
      'howLikelyYouRecommend',
    ])
    expect(flowComplete('Student', SQ, a)).toBe(true)
  })

  it("the reason's follow-ups: a month and year for 'still doing', text for 'Other', each cleared when the reason changes", () => {
    let a = answer('Student', [
      ['completedCourse', 'No'],
      ['completedHalfCourse', 'No'],
      ['notCompletedBecause', 'I am still doing the course'],
    ])
    // The next question waits for the follow-up.
    expect(visibleQuestions('Student', SQ, a).at(-1)).toBe('notCompletedBecause')
    expect(unansweredQuestions('Student', SQ, a).map((q) => q.slug)).toEqual(['notCompletedBecause', 'howLikelyYouRecommend'])
    a = answer('Student', [['notCompletedBecauseStillDoing', { month: '03', year: '' }]], a)
    expect(visibleQuestions('Student', SQ, a).at(-1)).toBe('notCompletedBecause')
    a = answer('Student', [['notCompletedBecauseStillDoing', { month: '03', year: '2027' }]], a)
    expect(visibleQuestions('Student', SQ, a).at(-1)).toBe('howLikelyYouRecommend')

    a = answer('Student', [['notCompletedBecause', 'Other']], a)
    expect(a.notCompletedBecauseStillDoing).toBeUndefined()
    a = answer('Student', [['notCompletedBecauseOther', 'Moved interstate']], a)
    expect(a.notCompletedBecauseOther).toBe('Moved interstate')
    a = answer('Student', [['notCompletedBecause', 'I found a job']], a)
    expect(a.notCompletedBecauseOther).toBeUndefined()
  })

  it("the situation's follow-up appears for 'Still looking for work' and is cleared otherwise", () => {
    let a = answer('Student', [...studentCompleter.slice(0, -2), ['describesYourSituation', 'Still looking for work']])
    expect(visibleQuestions('Student', SQ, a).at(-1)).toBe('describesYourSituation')
    a = answer('Student', [['describesYourSituationStillLooking', '3 months']], a)
    expect(visibleQuestions('Student', SQ, a).at(-1)).toBe('howLikelyYouRecommend')
    a = answer('Student', [['describesYourSituation', 'Studying further']], a)
    expect(a.describesYourSituationStillLooking).toBeUndefined()
  })

  it('drops answers that do not belong to the flow', () => {
    expect(pruneAnswers('Student', SQ, { completedCourse: 'Yes', completedHalfCourse: 'No', notCompletedBecause: 'Other' })).toEqual({
      completedCourse: 'Yes',
    })
  })
})

describe('employer flow', () => {
  it('did not complete: nothing but the comment follows, earlier answers cleared', () => {
    let a = answer('Employer', [
      ['completedCourse', 'Yes'],
      ['courseWasBeneficialToJobRole', 'Agree'],
    ])
    a = answer('Employer', [['completedCourse', EMPLOYER_DID_NOT_COMPLETE]], a)
    expect(a).toEqual({ completedCourse: EMPLOYER_DID_NOT_COMPLETE })
    expect(visibleQuestions('Employer', EQ, a)).toEqual(['completedCourse', 'startedCourseIn', 'leftCourseIn'])
    expect(flowComplete('Employer', EQ, a)).toBe(true)
  })

  it('Yes: beneficial, work-based training, then expectations and use again; the requirement answers are cleared', () => {
    let a = answer('Employer', [
      ['completedCourse', EMPLOYER_STILL_DOING],
      ['courseWasBeneficialToJobRole', 'Agree'],
      ['workExperienceWasBeneficial', 'Unsure'],
      ['trainingProviderDiscussedRequirements', 'Yes'],
      ['trainingMetBusinessNeeds', 'Agree'],
      ['trainersWereKnowledgeable', 'Agree'],
      ['trainingImprovedEmployeeKnowledge', 'Agree'],
    ])
    a = answer('Employer', [['completedCourse', 'Yes']], a)
    expect(a).toEqual({ completedCourse: 'Yes', courseWasBeneficialToJobRole: 'Agree', workExperienceWasBeneficial: 'Unsure' })
    expect(visibleQuestions('Employer', EQ, a)).toEqual([
      'completedCourse',
      'startedCourseIn',
      'completedCourseIn',
      'courseWasBeneficialToJobRole',
      'workExperienceWasBeneficial',
      'metYourExpectations',
    ])
    expect(flowPath('Employer', a).slice(5)).toEqual(['metYourExpectations', 'howLikelyYouUseThisTrainingProvider'])
  })

  it('still doing, requirements discussed No: expectations follow directly', () => {
    const a = answer('Employer', [
      ['completedCourse', EMPLOYER_STILL_DOING],
      ['courseWasBeneficialToJobRole', 'Agree'],
      ['workExperienceWasBeneficial', 'Agree'],
      ['trainingProviderDiscussedRequirements', 'No'],
    ])
    expect(visibleQuestions('Employer', EQ, a).slice(4)).toEqual(['trainingProviderDiscussedRequirements', 'metYourExpectations'])
    expect(flowPath('Employer', a).slice(5)).toEqual(['metYourExpectations', 'howLikelyYouUseThisTrainingProvider'])
  })

  it('still doing, requirements discussed Yes: needs, trainers and knowledge first; switching to No clears them', () => {
    let a = answer('Employer', [
      ['completedCourse', EMPLOYER_STILL_DOING],
      ['courseWasBeneficialToJobRole', 'Agree'],
      ['workExperienceWasBeneficial', 'Agree'],
      ['trainingProviderDiscussedRequirements', 'Yes'],
      ['trainingMetBusinessNeeds', 'Agree'],
      ['trainersWereKnowledgeable', 'Agree'],
      ['trainingImprovedEmployeeKnowledge', 'Agree'],
      ['metYourExpectations', 'Agree'],
      ['howLikelyYouUseThisTrainingProvider', 'Likely'],
    ])
    expect(flowPath('Employer', a)).toEqual(EQ.map((q) => q.slug).filter((slug) => slug !== 'completedCourseIn' && slug !== 'leftCourseIn'))
    expect(flowComplete('Employer', EQ, a)).toBe(true)
    a = answer('Employer', [['trainingProviderDiscussedRequirements', 'No']], a)
    expect(a.trainingMetBusinessNeeds).toBeUndefined()
    expect(a.trainersWereKnowledgeable).toBeUndefined()
    expect(a.trainingImprovedEmployeeKnowledge).toBeUndefined()
    expect(a.metYourExpectations).toBe('Agree')
    expect(flowComplete('Employer', EQ, a)).toBe(true)
  })
})

describe('star preview', () => {
  it('has no rating until a scored question is answered', () => {
    expect(reviewPoints(SQ, {})).toEqual({ got: 0, most: 0 })
    expect(scoreFor(SQ, {})).toBeNull()
    expect(scoreFor(EQ, { completedCourse: 'My employee(s) did not complete the course' })).toBeNull()
  })

  it('gives five stars for the best answers and one for the worst on every path', () => {
    const best = answer('Student', [
      ['completedCourse', 'Yes'],
      ['completedCourseIn', { month: '01', year: '2024' }],
      ['howWasCourseDelivered', 'Online'],
      ['easeOfAdministrationProcedures', 'Very easy'],
      ['involveAnyPracticalWorkExperience', 'No'],
      ['assessmentsBasedOnRealisticActivities', 'Strongly agree'],
      ['trainersWereKnowledgeable', 'Strongly agree'],
      ['trainersWereResponsive', 'Strongly agree'],
      ['describesYourSituation', 'Studying further'],
      ['howLikelyYouRecommend', 'Very likely'],
    ])
    expect(reviewPoints(SQ, best)).toEqual({ got: 20, most: 20 })
    expect(scoreFor(SQ, best)).toBe(5)
    const employer = answer('Employer', [
      ['completedCourse', 'Yes'],
      ['courseWasBeneficialToJobRole', 'Strongly disagree'],
      ['workExperienceWasBeneficial', 'Strongly disagree'],
      ['metYourExpectations', 'Strongly disagree'],
      ['howLikelyYouUseThisTrainingProvider', 'Very unlikely'],
    ])
    expect(reviewPoints(EQ, employer)).toEqual({ got: 4, most: 16 })
    expect(scoreFor(EQ, employer)).toBe(1)
  })

  it('counts an Unsure as not asked', () => {
    const unsure = answer('Employer', [
      ['completedCourse', 'Yes'],
      ['courseWasBeneficialToJobRole', 'Strongly agree'],
      ['workExperienceWasBeneficial', 'Unsure'],
    ])
    expect(reviewPoints(EQ, unsure)).toEqual({ got: 4, most: 4 })
    expect(scoreFor(EQ, unsure)).toBe(5)
  })

  it('adds a half star from a fraction of exactly 0.5, not below', () => {
    // One question worth at most 4 (ease): 1/4 = 1.25, 2/4 = 2.5, 3/4 = 3.75.
    const s = (choice: string) => scoreFor(SQ, { easeOfAdministrationProcedures: choice })
    expect(s('Very difficult')).toBe(1)
    expect(s('Difficult')).toBe(2.5)
    expect(s('Easy')).toBe(3.5)
    expect(s('Very easy')).toBe(5)
  })
})

describe('pickers and submission', () => {
  it('offers months 01-12 and years 2018 to this year + 2', () => {
    expect(MONTHS).toHaveLength(12)
    expect(MONTHS[0]).toBe('01')
    expect(MONTHS[11]).toBe('12')
    expect(yearChoices(new Date(2026, 5, 1))).toEqual(['2018', '2019', '2020', '2021', '2022', '2023', '2024', '2025', '2026', '2027', '2028'])
  })

  it('sends each kept answer as a top-level field, trimmed, without hidden or half-filled ones', () => {
    const body = submissionBody({
      userType: 'Student',
      user: 'u1',
      provider: 'p1',
      course: 'c1',
      title: ' Great ',
      comment: ' Loved it ',
      definitions: SQ,
      answers: { completedCourse: 'No', completedHalfCourse: 'No', notCompletedBecause: 'Other', notCompletedBecauseOther: ' Moved ', completedCourseIn: { month: '01', year: '2020' } },
      score: 1,
    })
    expect(body).toEqual({
      userType: 'Student',
      user: 'u1',
      provider: 'p1',
      course: 'c1',
      score: 1,
      title: 'Great',
      comment: 'Loved it',
      completedCourse: 'No',
      completedHalfCourse: 'No',
      notCompletedBecause: 'Other',
      notCompletedBecauseOther: 'Moved',
    })
  })
})

describe('the shared flow cases (docs/review-flow-cases.json)', () => {
  it.each(flowCases.map((c) => [c.name, c] as const))('%s: asks, counts and scores as the server does', (_, c) => {
    const type = c.reviewer as 'Student' | 'Employer'
    const answers = c.answers as Answers
    expect(flowPath(type, answers)).toEqual(c.asked)
    const questions = type === 'Student' ? SQ : EQ
    expect(reviewPoints(questions, answers)).toEqual(c.points)
    expect((scoreFor(questions, answers) ?? 0) * 2).toBe(c.scoreHalves)
  })
})
