import { useId, useState } from 'react'
import { primaryButton } from '@/components/ui/button-styles'
import { FormCard } from '@/components/ui/form-card'
import { FormMessage } from '@/components/ui/form-field'
import { controlClass } from '@/components/ui/form-field-props'
import { errorLines } from '@/lib/error-lines'
import { type AskedComplaint, useMyComplaints, useRespond } from '../api/my-complaints'

const day = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })

/**
 * On the profile, only when there is one: each legal complaint the user was asked to respond
 * to, what it says, and a form for their side until the period ends.
 */
export function AskedComplaints() {
  const mine = useMyComplaints()
  if (!mine.data?.length) return null
  return (
    <FormCard id="profile-complaints-title" title="Legal complaints about your writing" description="A moderator asked for your side. Who complained is not shown.">
      <div className="space-y-6">
        {mine.data.map((complaint) => (
          <Asked key={complaint._id} complaint={complaint} />
        ))}
      </div>
    </FormCard>
  )
}

function Asked({ complaint }: { complaint: AskedComplaint }) {
  const id = useId()
  const respond = useRespond()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string[]>([])
  const what = complaint.part === 'review' ? 'your review' : 'your provider\u2019s reply to the review'
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-md border border-line p-4" data-testid="asked-complaint">
      <h4 id={`${id}-title`} className="font-semibold text-brand-950">
        {complaint.reference}: {what} ‘{complaint.reviewTitle ?? ''}’ of {complaint.courseName ?? ''} at {complaint.providerName ?? ''}
      </h4>
      <dl className="mt-3 space-y-3 text-sm">
        {(
          [
            ['The words complained of', complaint.words],
            ['Why they are said to be defamatory', complaint.imputations],
            ['The harm described', complaint.harm],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="font-semibold text-muted">{label}</dt>
            <dd className="mt-0.5 break-words whitespace-pre-line text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {complaint.response !== null ? (
        <p className="mt-3 text-sm text-ink">
          <span className="font-semibold">You responded:</span> {complaint.response}
        </p>
      ) : complaint.canRespond ? (
        <form
          className="mt-4"
          onSubmit={(event) => {
            event.preventDefault()
            setProblem([])
            respond.mutate({ id: complaint._id, text }, { onError: (error) => setProblem(errorLines(error)) })
          }}
        >
          <label htmlFor={`${id}-text`} className="block font-medium text-ink">
            Your response
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted">
            Respond by {day.format(new Date(complaint.responseDueAt))} UTC. The moderators read it before they decide.
          </p>
          <textarea id={`${id}-text`} aria-describedby={`${id}-hint`} rows={4} maxLength={5000} value={text} onChange={(e) => setText(e.target.value)} className={`mt-1.5 ${controlClass(false)}`} />
          {problem.length > 0 && (
            <div className="mt-3">
              <FormMessage tone="error" messages={problem} />
            </div>
          )}
          <button type="submit" className={`mt-3 ${primaryButton}`} disabled={respond.isPending}>
            Send response
          </button>
        </form>
      ) : (
        <p className="mt-3 text-sm text-muted">The time to respond has passed.</p>
      )}
    </section>
  )
}
