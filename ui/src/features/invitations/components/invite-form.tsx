import { useId, useRef, useState, type FormEvent } from 'react'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass } from '@/components/ui/form-field-props'
import { ApiError, type ApiMessage } from '@/lib/api-client'
import { errorLines } from '@/lib/error-lines'
import { useSendInvitations, type Sent } from '../api/representative'
import { attestationText, monthLabel, recentMonths } from '../lib'

export type InvitableOffering = { offeringId: string; label: string }

type Props = {
  providerId: string
  offerings: InvitableOffering[]
  /** How many the provider may still send today. */
  remaining: number
  dailyLimit: number
  now?: Date
}

/**
 * The representative's invitation form: the course, the period they attest (from month-year to
 * month-year), the attestation that they invite everyone of it, and the addresses pasted or read
 * from a CSV file. The server decides every line; each one not sent is listed with its reason.
 */
export function InviteForm({ providerId, offerings, remaining, dailyLimit, now }: Props) {
  const id = useId()
  const [months] = useState(() => recentMonths(now ?? new Date()))
  const [offeringId, setOfferingId] = useState(offerings[0]?.offeringId ?? '')
  const [periodFrom, setPeriodFrom] = useState('')
  const [periodTo, setPeriodTo] = useState('')
  const [attested, setAttested] = useState(false)
  const [addresses, setAddresses] = useState('')
  const [result, setResult] = useState<Sent | null>(null)
  const file = useRef<HTMLInputElement>(null)
  const send = useSendInvitations(providerId)

  const fieldErrors: Record<string, string> = {}
  let others: string[] = []
  if (send.error instanceof ApiError && send.error.status === 400) {
    for (const m of send.error.messages as ApiMessage[]) {
      if (m.param && m.param !== 'addresses' && !fieldErrors[m.param]) fieldErrors[m.param] = m.msg
    }
    others = send.error.messages.filter((m) => !m.param || m.param === 'addresses').map((m) => m.msg)
  } else if (send.error) {
    others = errorLines(send.error)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setResult(null)
    send.mutate({ offeringId, periodFrom, periodTo, attested, addresses }, { onSuccess: (sent) => setResult(sent) })
  }

  async function readFile(files: FileList | null) {
    const chosen = files?.[0]
    if (!chosen) return
    setAddresses(await chosen.text())
  }

  const monthSelect = (key: 'periodFrom' | 'periodTo', label: string, value: string, set: (v: string) => void) => (
    <Field id={`${id}-${key}`} label={label} error={fieldErrors[key]}>
      <select
        className={controlClass(!!fieldErrors[key])}
        value={value}
        onChange={(e) => set(e.target.value)}
        {...controlA11y(`${id}-${key}`, { error: fieldErrors[key] })}
      >
        <option value="">Choose a month</option>
        {months.map((m) => (
          <option key={m} value={m}>
            {monthLabel(m)}
          </option>
        ))}
      </select>
    </Field>
  )

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-lg border border-line bg-white p-5 shadow-xs sm:p-6">
      <p className="text-ink">
        Invite everyone who finished or left a course in a period to review it. Each address gets one mail from
        CourseSource with a link that works once for 30 days, and can refuse further invitations. You can send{' '}
        <strong>{remaining}</strong> more today (at most {dailyLimit} a day).
      </p>
      <Field id={`${id}-offeringId`} label="Course" error={fieldErrors.offeringId}>
        <select
          className={controlClass(!!fieldErrors.offeringId)}
          value={offeringId}
          onChange={(e) => setOfferingId(e.target.value)}
          {...controlA11y(`${id}-offeringId`, { error: fieldErrors.offeringId })}
        >
          {offerings.map((o) => (
            <option key={o.offeringId} value={o.offeringId}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-brand-950">Who finished or left the course</legend>
        {monthSelect('periodFrom', 'From', periodFrom, setPeriodFrom)}
        {monthSelect('periodTo', 'To', periodTo, setPeriodTo)}
      </fieldset>
      <div>
        <label className="flex items-start gap-3 text-ink">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-brand-700"
            checked={attested}
            onChange={(e) => setAttested(e.target.checked)}
            aria-invalid={fieldErrors.attested ? true : undefined}
            aria-describedby={fieldErrors.attested ? `${id}-attested-error` : undefined}
          />
          <span>
            {periodFrom && periodTo
              ? attestationText(periodFrom, periodTo)
              : 'I am inviting everyone who finished or left this course in the period above, not a selection of them.'}
          </span>
        </label>
        {fieldErrors.attested && (
          <p id={`${id}-attested-error`} className="mt-1.5 text-sm font-medium text-danger-700">
            {fieldErrors.attested}
          </p>
        )}
      </div>
      <Field
        id={`${id}-addresses`}
        label="Email addresses"
        hint="One address a line, or upload a CSV file (the first column with an address is used)."
      >
        <textarea
          rows={6}
          className={controlClass(false)}
          value={addresses}
          onChange={(e) => setAddresses(e.target.value)}
          {...controlA11y(`${id}-addresses`, { hint: true })}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={file}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="sr-only"
          aria-label="Upload a CSV file of addresses"
          onChange={(e) => void readFile(e.target.files)}
        />
        <button type="button" className={secondaryButton} onClick={() => file.current?.click()}>
          Upload a CSV file
        </button>
        <button type="submit" className={primaryButton} disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send invitations'}
        </button>
      </div>
      <div aria-live="polite" className="space-y-3">
        {others.length > 0 && <FormMessage tone="error" messages={others} />}
        {result && <FormMessage tone="success" messages={[result.msg]} />}
        {result && result.notSent.length > 0 && (
          <div className="rounded-md border border-line bg-surface px-4 py-3">
            <p className="font-semibold text-brand-950">Not sent</p>
            <ul data-testid="not-sent" className="mt-1 list-disc space-y-1 pl-5 text-ink">
              {result.notSent.map((m) => (
                <li key={m.msg}>{m.msg}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </form>
  )
}
