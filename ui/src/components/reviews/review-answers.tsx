import { useQuestions, type ReviewerType } from '@/lib/reviews/get-questions'
import { answerRows, type AnswerMap } from '@/lib/reviews/answers'

export { SPECIAL_ANSWER_LABELS } from '@/lib/reviews/answers'

type ReviewAnswersProps = {
  /** The review's user type: picks the question set (anything but 'Employer' reads as Student). */
  userType: ReviewerType | string
  /** The review's answers: question slug to answer (text, or { month, year }). */
  questions: AnswerMap | null | undefined
  /** Labels to use instead of the definitions' for some slugs (see SPECIAL_ANSWER_LABELS). */
  labels?: Readonly<Record<string, string>>
  className?: string
}

/**
 * A review's answered questions, listed by question with their answers (month-year as
 * MM/YYYY), in the order of the question definitions. Answers are text, never HTML.
 */
export function ReviewAnswers({ userType, questions, labels, className = '' }: ReviewAnswersProps) {
  const type: ReviewerType = userType === 'Employer' ? 'Employer' : 'Student'
  const definitions = useQuestions(type)
  if (definitions.isPending) {
    return (
      <p role="status" className={`text-sm text-muted ${className}`}>
        Loading answers…
      </p>
    )
  }
  // Without the definitions (a failed call), the answers still show, labelled from their slugs.
  const rows = answerRows(definitions.data ?? [], questions, labels)
  if (rows.length === 0) return <p className={`text-sm text-muted ${className}`}>No answers given.</p>
  return (
    <dl className={`divide-y divide-line text-sm ${className}`}>
      {rows.map((row) => (
        <div key={row.slug} className="grid gap-1 py-2 sm:grid-cols-[3fr_2fr] sm:gap-4">
          <dt className="text-muted">{row.label}</dt>
          <dd className="font-medium text-ink">{row.answer}</dd>
        </div>
      ))}
    </dl>
  )
}
