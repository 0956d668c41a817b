import * as z from 'zod/mini'

/** The two user types that review, each with its own question set. */
export type ReviewerType = 'Student' | 'Employer'

export const answerOptionSchema = z.object({ answer: z.string(), points: z.number() })

export const subQuestionSchema = z.object({
  type: z.enum(['textField', 'month-year']),
  slug: z.string(),
  label: z.string(),
  placeholder: z._default(z.nullable(z.string()), null),
  /** The answer of the parent question that reveals this sub-question. */
  showFor: z.string(),
})

/** One question definition of GET /api/review/questions (docs/reviews-api.md). */
export const questionSchema = z.object({
  slug: z.string(),
  label: z.string(),
  question: z.string(),
  smallText: z._default(z.nullable(z.string()), null),
  /** Whether the chosen answer's points count towards the score. */
  points: z.boolean(),
  answersType: z.enum(['trueFalse', 'month-year', 'multichoice']),
  answers: z._default(z.array(answerOptionSchema), []),
  /** The contract's single follow-up (the first of subQuestions), or null. */
  subQuestion: z._default(z.nullable(subQuestionSchema), null),
  /** Every follow-up, one per revealing answer (notCompletedBecause has two). */
  subQuestions: z.optional(z.array(subQuestionSchema)),
  /** May be left unanswered (the study period's start and end); the path goes on past it. */
  optional: z._default(z.boolean(), false),
})

export const questionsSchema = z.array(questionSchema)

export type AnswerOption = z.infer<typeof answerOptionSchema>
export type SubQuestion = z.infer<typeof subQuestionSchema>
export type Question = z.infer<typeof questionSchema>

/** A question's follow-ups: `subQuestions`, else the single `subQuestion` of an older server. */
export function followUps(question: Question): SubQuestion[] {
  if (question.subQuestions && question.subQuestions.length > 0) return question.subQuestions
  return question.subQuestion ? [question.subQuestion] : []
}

/** A month-year answer: month '01'..'12', year '2018'..'<this year + 2>'. */
export type MonthYear = { month: string; year: string }

/** Any stored answer: an answer's text, a text field's string, or a month and year. */
export const storedAnswerSchema = z.union([z.string(), z.object({ month: z.string(), year: z.string() })])
export type StoredAnswer = z.infer<typeof storedAnswerSchema>
