import { zodResolver } from '@hookform/resolvers/zod'
import { Mail, RotateCw } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod/mini'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { Notice } from '@/components/ui/notice'
import { Pager } from '@/components/ui/pager'
import { ListSkeleton } from '@/components/ui/skeleton'
import { TextInput } from '@/components/ui/text-input'
import { emailError } from '@/lib/account-rules'
import { ApiError } from '@/lib/api-client'
import { schemaWithErrors } from '@/lib/form-helpers'
import { totalPages } from '@/lib/paging'
import { MAIL_PAGE_SIZE, type ListedMail, type MailState, useOutbox, useRetryMail, useSendTestMail } from '../api/outbox'

const FILTERS: { label: string; state: MailState | null }[] = [
  { label: 'All', state: null },
  { label: 'Waiting', state: 'waiting' },
  { label: 'Sent', state: 'sent' },
  { label: 'Failed', state: 'failed' },
]

/** /admin/mail: send a test mail, and see every mail waiting, sent or failed (never a body). */
export default function MailPage() {
  const [state, setState] = useState<MailState | null>(null)
  const [page, setPage] = useState(1)
  const outbox = useOutbox(state, page)
  const data = outbox.data

  return (
    <div className="space-y-8">
      <TestMailForm />
      <section aria-labelledby="outbox-heading">
        <h2 id="outbox-heading" className="text-xl font-bold text-brand-950">
          Outbox
        </h2>
        <div role="group" aria-label="Show mails" className="mt-3 flex flex-wrap gap-2">
          {FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              aria-pressed={state === filter.state}
              className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink hover:bg-brand-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
              onClick={() => {
                setState(filter.state)
                setPage(1)
              }}
            >
              {filter.label}
            </button>
          ))}
        </div>
        <div className="mt-4">
          {outbox.isPending ? (
            <ListSkeleton count={3} label="Loading mails…" />
          ) : outbox.isError && !data ? (
            <EmptyState icon={Mail} title="The outbox could not be loaded" role="alert">
              {outbox.error.message}
            </EmptyState>
          ) : !data || data.mails.length === 0 ? (
            <EmptyState icon={Mail} title="No mails">
              Mails appear here as the site sends them.
            </EmptyState>
          ) : (
            <>
              <p className="mb-3 text-sm text-muted">{data.total === 1 ? '1 mail' : `${data.total} mails`}</p>
              <ul className="space-y-3">
                {data.mails.map((mail) => (
                  <li key={mail._id}>
                    <MailCard mail={mail} />
                  </li>
                ))}
              </ul>
              {data.total > MAIL_PAGE_SIZE && (
                <div className="mt-6">
                  <Pager page={page} pages={totalPages(data.total, MAIL_PAGE_SIZE)} onChange={setPage} label="Mail pages" />
                </div>
              )}
            </>
          )}
        </div>
      </section>
    </div>
  )
}

// The server's words for this form: 'Email is required', 'Email is invalid'.
const testMailSchema = schemaWithErrors({ email: z.string() }, ({ email }) => ({
  email: email.trim() === '' ? 'Email is required' : emailError(email) ? 'Email is invalid' : undefined,
}))

/** 'Send test email': one mail through the configured transport, then listed below. */
function TestMailForm() {
  const send = useSendTestMail()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof testMailSchema>>({ resolver: zodResolver(testMailSchema), defaultValues: { email: '' } })
  const failure = send.error instanceof ApiError ? send.error.message : send.error ? 'The test email could not be queued.' : null

  return (
    <section aria-labelledby="test-mail-heading" className="rounded-lg border border-line bg-surface p-5">
      <h2 id="test-mail-heading" className="text-xl font-bold text-brand-950">
        Send test email
      </h2>
      <p className="mt-1 text-sm text-muted">Checks the mail settings: the mail goes out like any other and shows in the outbox below.</p>
      <form noValidate className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end" onSubmit={handleSubmit((values) => send.mutate(values.email))}>
        <div className="flex-1">
          <TextInput id="test-mail-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} field={register('email')} />
        </div>
        <button type="submit" className={primaryButton} disabled={send.isPending}>
          <Mail aria-hidden="true" className="size-5" />
          Send test email
        </button>
      </form>
      <div className="mt-4" aria-live="polite">
        {send.isSuccess && <Notice tone="success">{send.data.msg}</Notice>}
        {failure && <Notice tone="error">{failure}</Notice>}
      </div>
    </section>
  )
}

const STATE_STYLE: Record<MailState, string> = {
  waiting: 'bg-accent-400 text-ink',
  sent: 'bg-success-50 text-success-700',
  failed: 'bg-danger-50 text-danger-700',
}

const when = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString('en-AU', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })

function MailCard({ mail }: { mail: ListedMail }) {
  const retry = useRetryMail()
  const timeLabel = mail.state === 'sent' ? 'Sent' : mail.state === 'failed' ? 'Given up' : 'Next try'
  return (
    <article aria-label={`${mail.subject} to ${mail.to}`} className="rounded-lg border border-line bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">{mail.subject}</p>
          <p className="text-sm break-all text-muted">to {mail.to}</p>
        </div>
        <span className={`rounded-full px-3 py-1 text-xs font-bold uppercase ${STATE_STYLE[mail.state]}`}>{mail.state}</span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Queued</dt>
        <dd>{when(mail.createdAt)}</dd>
        <dt className="text-muted">{timeLabel}</dt>
        <dd>{when(mail.updatedAt)}</dd>
        <dt className="text-muted">Attempts</dt>
        <dd>{mail.attempts}</dd>
        {mail.lastError && (
          <>
            <dt className="text-muted">Last error</dt>
            <dd className="break-words text-danger-700">{mail.lastError}</dd>
          </>
        )}
      </dl>
      {mail.state !== 'sent' && (
        <button type="button" className={`${secondaryButton} mt-3`} disabled={retry.isPending} onClick={() => retry.mutate(mail._id)}>
          <RotateCw aria-hidden="true" className="size-4" />
          Retry now
        </button>
      )}
    </article>
  )
}
