import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { questionsSchema, type Question, type ReviewerType } from '@/lib/reviews/questions-schema'

export type { AnswerOption, MonthYear, Question, ReviewerType, StoredAnswer, SubQuestion } from '@/lib/reviews/questions-schema'
export { questionSchema, questionsSchema } from '@/lib/reviews/questions-schema'

/** GET /api/review/questions?userType=: the question definitions of one user type, in display order. */
export function getQuestions(userType: ReviewerType, signal?: AbortSignal): Promise<Question[]> {
  return api.get(`/api/review/questions?userType=${encodeURIComponent(userType)}`, questionsSchema, signal)
}

export const questionsQueryOptions = (userType: ReviewerType) =>
  queryOptions({
    queryKey: ['review-questions', userType],
    queryFn: ({ signal }) => getQuestions(userType, signal),
    // The definitions change only with a new server release.
    staleTime: Infinity,
  })

/** The question definitions of `userType`; pass null to skip the call (a user who cannot review). */
export function useQuestions(userType: ReviewerType | null) {
  return useQuery({ ...questionsQueryOptions(userType ?? 'Student'), enabled: userType !== null })
}
