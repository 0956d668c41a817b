import type { MonthYear, Question, StoredAnswer, SubQuestion } from '@/lib/reviews/questions-schema'
import { MONTHS, yearChoices } from '../lib/review-flow'

const selectClass =
  'mt-1 block w-full rounded-md border border-line bg-white px-3 py-2.5 text-base text-ink shadow-xs focus:border-brand-600'
const inputClass = selectClass

type QuestionFieldProps = {
  idPrefix: string
  question: Question
  value: StoredAnswer | undefined
  onChange: (value: StoredAnswer | undefined) => void
  /** The sub-question when its answer is chosen, with its value and setter. */
  sub?: { question: SubQuestion; value: StoredAnswer | undefined; onChange: (value: StoredAnswer | undefined) => void }
  error?: string
}

/** One question as a fieldset: radio answers (or a month and year), then its sub-question when shown. */
export function QuestionField({ idPrefix, question, value, onChange, sub, error }: QuestionFieldProps) {
  const id = `${idPrefix}-${question.slug}`
  const describedBy = [question.smallText ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <fieldset data-question={question.slug} aria-describedby={describedBy} className="rounded-lg border border-line bg-surface p-4 sm:p-5">
      <legend className="float-left w-full text-base font-semibold text-brand-950">
        {question.question}
        {question.optional && <span className="font-normal text-muted"> (optional)</span>}
      </legend>
      {question.smallText && (
        <p id={`${id}-hint`} className="clear-left pt-1 text-sm text-muted">
          {question.smallText}
        </p>
      )}
      <div className="clear-left pt-3">
        {question.answersType === 'month-year' ? (
          <MonthYearPicker id={id} value={value} onChange={onChange} />
        ) : (
          <div className={`grid gap-2 ${question.answers.length <= 2 ? 'grid-cols-2 sm:max-w-sm' : 'sm:grid-cols-2'}`}>
            {question.answers.map((option, i) => (
              <label
                key={option.answer}
                htmlFor={`${id}-${i}`}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-line bg-white px-3 py-2.5 text-ink has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-3 has-focus-visible:ring-brand-400 hover:border-brand-600"
              >
                <input
                  id={`${id}-${i}`}
                  type="radio"
                  name={id}
                  value={option.answer}
                  checked={value === option.answer}
                  onChange={() => onChange(option.answer)}
                  className="size-4 shrink-0 accent-brand-700"
                />
                <span>{option.answer}</span>
              </label>
            ))}
          </div>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
      {sub && <SubQuestionField idPrefix={id} {...sub} />}
    </fieldset>
  )
}

function SubQuestionField({
  idPrefix,
  question,
  value,
  onChange,
}: {
  idPrefix: string
  question: SubQuestion
  value: StoredAnswer | undefined
  onChange: (value: StoredAnswer | undefined) => void
}) {
  const id = `${idPrefix}-${question.slug}`
  if (question.type === 'month-year') {
    return (
      <fieldset data-question={question.slug} className="mt-4 border-t border-line pt-4">
        <legend className="float-left w-full text-sm font-semibold text-brand-950">{question.label}</legend>
        <div className="clear-left pt-2">
          <MonthYearPicker id={id} value={value} onChange={onChange} />
        </div>
      </fieldset>
    )
  }
  const text = typeof value === 'string' ? value : ''
  return (
    <div data-question={question.slug} className="mt-4 border-t border-line pt-4">
      <label htmlFor={id} className="text-sm font-semibold text-brand-950">
        {question.label}
      </label>
      <input
        id={id}
        type="text"
        value={text}
        maxLength={200}
        placeholder={question.placeholder ?? undefined}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        className={inputClass}
      />
    </div>
  )
}

/** Month 01-12 and year 2018 to this year + 2, each a labelled select. */
function MonthYearPicker({
  id,
  value,
  onChange,
}: {
  id: string
  value: StoredAnswer | undefined
  onChange: (value: StoredAnswer | undefined) => void
}) {
  const current: MonthYear = typeof value === 'object' ? value : { month: '', year: '' }
  const set = (part: Partial<MonthYear>) => {
    const next = { ...current, ...part }
    onChange(next.month === '' && next.year === '' ? undefined : next)
  }
  return (
    <div className="grid max-w-sm grid-cols-2 gap-3">
      <div>
        <label htmlFor={`${id}-month`} className="text-sm font-medium text-ink">
          Month
        </label>
        <select id={`${id}-month`} value={current.month} onChange={(e) => set({ month: e.target.value })} className={selectClass}>
          <option value="">MM</option>
          {MONTHS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-year`} className="text-sm font-medium text-ink">
          Year
        </label>
        <select id={`${id}-year`} value={current.year} onChange={(e) => set({ year: e.target.value })} className={selectClass}>
          <option value="">YYYY</option>
          {yearChoices().map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
