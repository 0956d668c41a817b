import { followUps, type MonthYear, type Question, type ReviewerType, type StoredAnswer, type SubQuestion } from '@/lib/reviews/questions-schema'

/**
 * The leave-review question chains (docs/reviews-api.md, spec section 4) as pure functions:
 * which questions a set of answers leads to, what stays kept, and the score they make.
 */

/** The answers of a draft: question (or sub-question) slug to answer. */
export type Answers = Readonly<Record<string, StoredAnswer | undefined>>

const STUDENT_DETAILED_START = [
  'completedCourseIn',
  'howWasCourseDelivered',
  'easeOfAdministrationProcedures',
  'involveAnyPracticalWorkExperience',
] as const
const STUDENT_WORK_EXPERIENCE = ['whoArrangedWork', 'workExperienceWasBeneficial'] as const
const STUDENT_DETAILED_END = ['assessmentsBasedOnRealisticActivities', 'trainersWereKnowledgeable', 'trainersWereResponsive', 'describesYourSituation'] as const
/** What happened after (issue 29): optional, asked only of students who finished. */
export const OUTCOME_QUESTION = 'foundWorkWithinSixMonths'

export const EMPLOYER_DID_NOT_COMPLETE = 'My employee(s) did not complete the course'
export const STUDENT_STILL_DOING = 'I am still doing the course'
export const EMPLOYER_STILL_DOING = 'My employee(s) are still doing the course'

/** An answer counts once it is given in full (a month-year needs both parts). */
export function isAnswered(value: StoredAnswer | undefined): boolean {
  if (value === undefined) return false
  if (typeof value === 'string') return value.trim() !== ''
  return value.month !== '' && value.year !== ''
}

/**
 * The top-level questions the answers lead to, in order. Where a question that decides the
 * branch is still unanswered, the path ends with it: nothing after it is decided yet.
 */
export function flowPath(userType: ReviewerType, answers: Answers): string[] {
  return userType === 'Employer' ? employerPath(answers) : studentPath(answers)
}

function studentPath(a: Answers): string[] {
  const path = ['completedCourse']
  if (a.completedCourse === undefined) return path
  if (a.completedCourse === 'No') {
    path.push('completedHalfCourse')
    if (a.completedHalfCourse === undefined) return path
    if (a.completedHalfCourse === 'No') {
      path.push('startedCourseIn', 'notCompletedBecause')
      // When they left, unless they are still studying (not known before the reason).
      if (a.notCompletedBecause !== undefined && a.notCompletedBecause !== STUDENT_STILL_DOING) path.push('leftCourseIn')
      return [...path, 'howLikelyYouRecommend']
    }
  }
  path.push('startedCourseIn', ...STUDENT_DETAILED_START)
  if (a.involveAnyPracticalWorkExperience === undefined) return path
  if (a.involveAnyPracticalWorkExperience === 'Yes') path.push(...STUDENT_WORK_EXPERIENCE)
  path.push(...STUDENT_DETAILED_END)
  if (a.completedCourse === 'Yes') path.push(OUTCOME_QUESTION)
  return [...path, 'howLikelyYouRecommend']
}

function employerPath(a: Answers): string[] {
  const path = ['completedCourse']
  const completed = a.completedCourse
  if (completed === undefined) return path
  path.push('startedCourseIn')
  if (completed === EMPLOYER_DID_NOT_COMPLETE) return [...path, 'leftCourseIn']
  if (completed === 'Yes') path.push('completedCourseIn')
  path.push('courseWasBeneficialToJobRole', 'workExperienceWasBeneficial')
  if (completed === 'Yes') return [...path, 'metYourExpectations', 'howLikelyYouUseThisTrainingProvider']
  path.push('trainingProviderDiscussedRequirements')
  const discussed = a.trainingProviderDiscussedRequirements
  if (discussed === undefined) return path
  if (discussed === 'Yes') path.push('trainingMetBusinessNeeds', 'trainersWereKnowledgeable', 'trainingImprovedEmployeeKnowledge')
  return [...path, 'metYourExpectations', 'howLikelyYouUseThisTrainingProvider']
}

/** The follow-ups of a question that its answer reveals (each has its `showFor` answer). */
export function shownSubQuestions(question: Question, answers: Answers): SubQuestion[] {
  const answer = answers[question.slug]
  return followUps(question).filter((sub) => answer === sub.showFor)
}

/** A question counts as answered once it and every follow-up its answer reveals are answered. */
export function questionDone(question: Question | undefined, answers: Answers, slug: string): boolean {
  if (!isAnswered(answers[slug])) return false
  return question ? shownSubQuestions(question, answers).every((sub) => isAnswered(answers[sub.slug])) : true
}

function bySlug(definitions: readonly Question[]): Map<string, Question> {
  return new Map(definitions.map((q) => [q.slug, q]))
}

/** Whether the path may go on past this question unanswered (the study period's months). */
function optional(question: Question | undefined): boolean {
  return question?.optional === true
}

/**
 * The questions on screen: each appears once the one before is answered (with its revealed
 * follow-ups), so the path is cut after its first open question that is not optional. None
 * before the questionnaire has started (the title).
 */
export function visibleQuestions(
  userType: ReviewerType,
  definitions: readonly Question[],
  answers: Answers,
  started = true,
): string[] {
  if (!started) return []
  const known = bySlug(definitions)
  const path = flowPath(userType, answers)
  const firstOpen = path.findIndex((slug) => !optional(known.get(slug)) && !questionDone(known.get(slug), answers, slug))
  return firstOpen === -1 ? path : path.slice(0, firstOpen + 1)
}

/**
 * The answers with everything the flow hides removed: answers off the path, and follow-up
 * answers whose question no longer has the answer that reveals them.
 */
export function pruneAnswers(
  userType: ReviewerType,
  definitions: readonly Question[],
  answers: Answers,
): Record<string, StoredAnswer> {
  const path = new Set(flowPath(userType, answers))
  const kept: Record<string, StoredAnswer> = {}
  for (const q of definitions) {
    if (!path.has(q.slug)) continue
    const value = answers[q.slug]
    if (value !== undefined) kept[q.slug] = value
    for (const sub of shownSubQuestions(q, answers)) {
      const subValue = answers[sub.slug]
      if (subValue !== undefined) kept[sub.slug] = subValue
    }
  }
  return kept
}

/** Sets one answer and clears what the new answer hides. */
export function answerQuestion(
  userType: ReviewerType,
  definitions: readonly Question[],
  answers: Answers,
  slug: string,
  value: StoredAnswer | undefined,
): Record<string, StoredAnswer> {
  return pruneAnswers(userType, definitions, { ...answers, [slug]: value })
}

/** Every question on the path answered, follow-ups included: the comment box follows. */
export function flowComplete(userType: ReviewerType, definitions: readonly Question[], answers: Answers): boolean {
  const known = bySlug(definitions)
  return flowPath(userType, answers).every((slug) => optional(known.get(slug)) || questionDone(known.get(slug), answers, slug))
}

/** The questions on the path still open (the form names the first when submitting early). */
export function unansweredQuestions(userType: ReviewerType, definitions: readonly Question[], answers: Answers): Question[] {
  const known = bySlug(definitions)
  return flowPath(userType, answers)
    .map((slug) => known.get(slug))
    .filter((q): q is Question => q !== undefined && !q.optional && !questionDone(q, answers, q.slug))
}

/**
 * The points of the scored questions answered so far, and the most they could be (DESIGN 3):
 * an answer worth nothing (an 'Unsure') is a question not asked, so it adds to neither side.
 */
export function reviewPoints(definitions: readonly Question[], answers: Answers): { got: number; most: number } {
  let got = 0
  let most = 0
  for (const q of definitions) {
    if (!q.points) continue
    const option = q.answers.find((o) => o.answer === answers[q.slug])
    if (!option || option.points <= 0) continue
    got += option.points
    most += Math.max(...q.answers.map((o) => o.points))
  }
  return { got, most }
}

/**
 * The score in stars, as the server computes it: got / most × 5; whole stars count, a
 * fractional part of 0.5 or more adds a half. Null while no scored question was answered (a
 * review asked none has no rating).
 */
export function scoreFor(definitions: readonly Question[], answers: Answers): number | null {
  const { got, most } = reviewPoints(definitions, answers)
  if (most === 0) return null
  // Integer arithmetic, as the server does, keeps the .5 edge exact.
  const whole = Math.floor((got * 5) / most)
  return whole + (2 * ((got * 5) % most) >= most ? 0.5 : 0)
}

/** Month choices '01'..'12'. */
export const MONTHS: readonly string[] = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))

/** Year choices: 2018 to this year + 2. */
export function yearChoices(now = new Date()): string[] {
  const last = now.getFullYear() + 2
  return Array.from({ length: last - 2018 + 1 }, (_, i) => String(2018 + i))
}

/** The submission body: the pair, the title and comment, and each kept answer as a top-level field. */
export function submissionBody(input: {
  userType: ReviewerType
  user: string
  provider: string
  course: string
  industry?: string
  title: string
  comment: string
  definitions: readonly Question[]
  answers: Answers
  score: number | null
}): Record<string, unknown> {
  const kept = pruneAnswers(input.userType, input.definitions, input.answers)
  const fields: Record<string, StoredAnswer> = {}
  for (const [slug, value] of Object.entries(kept)) {
    if (isAnswered(value)) fields[slug] = typeof value === 'string' ? value.trim() : (value as MonthYear)
  }
  return {
    userType: input.userType,
    user: input.user,
    provider: input.provider,
    course: input.course,
    ...(input.industry ? { industry: input.industry } : {}),
    score: input.score,
    title: input.title.trim(),
    comment: input.comment.trim(),
    ...fields,
  }
}
