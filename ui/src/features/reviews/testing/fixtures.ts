import type { Question, ReviewerType } from '@/lib/reviews/questions-schema'
import questions from './questions.json'

/** The question definitions as the server sends them (docs/reviews-api.md). */
export const QUESTIONS = questions as unknown as Record<ReviewerType, Question[]>
export const STUDENT_QUESTIONS = QUESTIONS.Student
export const EMPLOYER_QUESTIONS = QUESTIONS.Employer
