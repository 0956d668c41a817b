import { useId, useState } from 'react'
import { dangerButton, primaryButton, secondaryButton, textLink } from '@/components/ui/button-styles'
import { FormMessage } from '@/components/ui/form-field'
import { controlClass } from '@/components/ui/form-field-props'
import { errorLines } from '@/lib/error-lines'
import { type AdminComplaint, type ComplaintStep, type StepKind, useTakeStep } from '../api/admin-complaints'

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
const at = (iso: string) => `${when.format(new Date(iso))} UTC`

const STEP_WORDS: Record<StepKind, string> = {
  received: 'Received',
  hidden: 'Hidden while considered',
  'asked-author': 'Author asked to respond',
  'author-responded': 'Author responded',
  kept: 'Kept',
  removed: 'Removed',
}

/** The seven-day clock: the days left, red from day 5, 'overdue' after the seventh. */
export function Clock({ complaint }: { complaint: AdminComplaint }) {
  if (complaint.status !== 'open') {
    return <span className="rounded-full bg-surface px-3 py-1 text-sm font-semibold text-muted">{complaint.status === 'kept' ? 'Kept' : 'Removed'}</span>
  }
  const words =
    complaint.daysLeft > 0
      ? `Day ${complaint.day} of 7 · ${complaint.daysLeft} ${complaint.daysLeft === 1 ? 'day' : 'days'} left`
      : `Overdue by ${1 - complaint.daysLeft} ${1 - complaint.daysLeft === 1 ? 'day' : 'days'}`
  return (
    <span
      data-testid="complaint-clock"
      data-urgent={complaint.urgent}
      className={`rounded-full px-3 py-1 text-sm font-semibold ${complaint.urgent ? 'bg-danger-50 text-danger-700 ring-1 ring-danger-700/40' : 'bg-brand-50 text-brand-700'}`}
    >
      {words}
    </span>
  )
}

function Quote({ label, text }: { label: string; text: string | null }) {
  if (!text) return null
  return (
    <div>
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 [overflow-wrap:anywhere] whitespace-pre-line text-ink">{text}</dd>
    </div>
  )
}

/** One complaint on the admin page: what is said about what, by whom, the steps so far, and the next step. */
export function ComplaintCard({ complaint }: { complaint: AdminComplaint }) {
  const id = useId()
  const about = complaint.part === 'review' ? 'Review' : 'Reply'
  return (
    <article aria-labelledby={`${id}-title`} className="rounded-lg border border-line bg-white p-5 shadow-xs sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-950">
          {complaint.reference}: {about} of {complaint.courseName ?? 'a deleted review'}
          {complaint.providerName ? ` at ${complaint.providerName}` : ''}
        </h2>
        <Clock complaint={complaint} />
      </header>
      <p className="mt-1 text-sm text-muted">
        Received {at(complaint.receivedAt)} · due {at(complaint.dueAt)}
        {complaint.hidden && ' · hidden while considered'}
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Quote
          label="Complainant"
          text={`${complaint.name} <${complaint.email}>${complaint.onBehalf === 'organisation' ? `\nfor ${complaint.organisation ?? ''}` : '\nfor themselves'}`}
        />
        <Quote label="Author (never shown to the complainant)" text={complaint.authorName ? `${complaint.authorName} <${complaint.authorEmail ?? ''}>` : 'Not known'} />
        <div className="sm:col-span-2">
          <dt className="text-sm font-semibold text-muted">Link</dt>
          <dd className="mt-1 break-all">
            <a className={textLink} href={complaint.link}>
              {complaint.link}
            </a>
          </dd>
        </div>
        <Quote label={`The review: ${complaint.reviewTitle ?? ''}`} text={complaint.reviewComment} />
        <Quote label="The reply" text={complaint.part === 'reply' ? complaint.replyText : null} />
        <Quote label="The words complained of" text={complaint.words} />
        <Quote label="Why they are defamatory" text={complaint.imputations} />
        <Quote label="The harm" text={complaint.harm} />
        <Quote label={complaint.respondedAt ? `The author's response (${at(complaint.respondedAt)})` : 'The author\u2019s response'} text={complaint.response} />
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-muted">Steps</h3>
      <ol className="mt-2 space-y-1 text-sm" data-testid="complaint-steps">
        {complaint.steps.map((step, index) => (
          <li key={index}>
            <span className="font-semibold text-ink">{STEP_WORDS[step.step]}</span> <span className="text-muted">{at(step.at)}</span>
            {step.note && <span className="text-ink">: {step.note}</span>}
          </li>
        ))}
      </ol>
      {complaint.status === 'open' && <NextStep complaint={complaint} />}
    </article>
  )
}

function NextStep({ complaint }: { complaint: AdminComplaint }) {
  const id = useId()
  const take = useTakeStep()
  const [days, setDays] = useState('7')
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string[]>([])
  const send = (step: ComplaintStep) => {
    setProblem([])
    take.mutate({ id: complaint._id, step }, { onError: (error) => setProblem(errorLines(error)) })
  }
  return (
    <div className="mt-5 space-y-4 border-t border-line pt-5">
      <div className="flex flex-wrap items-end gap-3">
        {!complaint.hidden && (
          <button type="button" className={secondaryButton} disabled={take.isPending} onClick={() => send({ action: 'hide' })}>
            Hide while considered
          </button>
        )}
        {complaint.responseDueAt === null && complaint.authorName && (
          <div className="flex items-end gap-2">
            <div>
              <label htmlFor={`${id}-days`} className="block text-sm font-medium text-ink">
                Days to respond
              </label>
              <input id={`${id}-days`} type="number" min={1} max={28} value={days} onChange={(e) => setDays(e.target.value)} className={`${controlClass(false)} w-24`} />
            </div>
            <button type="button" className={secondaryButton} disabled={take.isPending} onClick={() => send({ action: 'ask-author', days: Number(days) })}>
              Ask the author
            </button>
          </div>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className="block font-medium text-ink">
          Reason for keeping or removing
        </label>
        <p id={`${id}-reason-hint`} className="text-sm text-muted">
          Mailed to the complainant and, where it concerns them, the author.
        </p>
        <textarea id={`${id}-reason`} aria-describedby={`${id}-reason-hint`} rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} className={`mt-1.5 ${controlClass(false)}`} />
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="button" className={primaryButton} disabled={take.isPending} onClick={() => send({ action: 'keep', reason })}>
            Keep it
          </button>
          <button type="button" className={dangerButton} disabled={take.isPending} onClick={() => send({ action: 'remove', reason })}>
            Remove it
          </button>
        </div>
      </div>
      {problem.length > 0 && <FormMessage tone="error" messages={problem} />}
    </div>
  )
}
