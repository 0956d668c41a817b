import { followUps, type MonthYear, type Question } from '@/lib/reviews/questions-schema'

/** A review's answers as the API keeps them: each question's slug to its answer. */
export type AnswerMap = Record<string, unknown>

export type AnswerRow = { slug: string; label: string; answer: string }

/**
 * The admin's labels for the two free-text sub-answers (spec section 2, Moderate Reviews);
 * pass them to ReviewAnswers as `labels`.
 */
export const SPECIAL_ANSWER_LABELS: Readonly<Record<string, string>> = {
  notCompletedBecauseOther: 'Please specify',
  describesYourSituationStillLooking: 'Approximately how long have you been looking for work?',
}

function isMonthYear(value: unknown): value is MonthYear {
  return typeof value === 'object' && value !== null && 'month' in value && 'year' in value
}

/** An answer as text: a month and year as 'MM/YYYY', anything else as its text. */
export function formatAnswer(value: unknown): string {
  if (isMonthYear(value)) return `${String(value.month).padStart(2, '0')}/${String(value.year)}`
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}

/** 'notCompletedBecauseOther' → 'Not completed because other', for a slug without a definition. */
function labelFromSlug(slug: string): string {
  const words = slug.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * The answered questions in the definitions' order, each sub-answer right after its question,
 * then any answer the definitions do not know. Labels: `labels[slug]`, else the question's
 * text (a sub-question's label).
 */
export function answerRows(
  definitions: readonly Question[],
  answers: AnswerMap | null | undefined,
  labels: Readonly<Record<string, string>> = {},
): AnswerRow[] {
  if (!answers) return []
  const rows: AnswerRow[] = []
  const seen = new Set<string>()
  const add = (slug: string, label: string) => {
    seen.add(slug)
    const text = formatAnswer(answers[slug])
    if (text !== '') rows.push({ slug, label: labels[slug] ?? label, answer: text })
  }
  for (const q of definitions) {
    add(q.slug, q.question)
    for (const sub of followUps(q)) add(sub.slug, sub.label)
  }
  for (const slug of Object.keys(answers)) {
    if (!seen.has(slug)) add(slug, labelFromSlug(slug))
  }
  return rows
}
