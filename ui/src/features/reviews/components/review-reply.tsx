import { MessageSquareReply } from 'lucide-react'
import { useId, useState } from 'react'
import { linkButton, primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { CharCount } from '@/components/ui/char-count'
import { FormMessage } from '@/components/ui/form-field'
import { controlClass } from '@/components/ui/form-field-props'
import { LegalComplaintLink } from '@/components/reviews/legal-complaint-link'
import { errorLines } from '@/lib/error-lines'
import { formatPostedDate } from '@/lib/posted-date'
import type { Reply } from '../api/get-reviews-for'
import { REPLY_MAX, useChangeReply } from '../api/reply-to-review'

/** What the reader may do with replies on this page: a representative of its provider writes them, an admin removes them. */
export type ReplyRole = 'representative' | 'admin' | null

type ReviewReplyProps = {
  reviewId: string
  reply: Reply | null
  role: ReplyRole
  courseId: string
  providerId: string
}

/** The provider's reply under a review (as text), and the controls its representative or an admin has. */
export function ReviewReply({ reviewId, reply, role, courseId, providerId }: ReviewReplyProps) {
  const [editing, setEditing] = useState(false)
  const change = useChangeReply(courseId, providerId)
  const [problem, setProblem] = useState<string[]>([])
  const remove = () => {
    setProblem([])
    change.mutate({ reviewId, action: 'remove' }, { onError: (error) => setProblem(errorLines(error)) })
  }
  if (editing) {
    return (
      <ReplyForm
        initial={reply?.text ?? ''}
        onCancel={() => setEditing(false)}
        onSave={async (text) => {
          await change.mutateAsync({ reviewId, action: reply ? 'edit' : 'post', text })
          setEditing(false)
        }}
        saving={change.isPending}
      />
    )
  }
  return (
    <>
      {reply && (
        <div id={`reply-${reviewId}`} className="mt-4 scroll-mt-24 rounded-md border-l-4 border-brand-600 bg-surface px-4 py-3" data-testid="provider-reply">
          <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-brand-950">
            <MessageSquareReply aria-hidden="true" className="size-4" />
            <span>Reply from {reply.providerName}</span>
            <span className="font-normal text-muted">
              {`posted ${formatPostedDate(reply.createdAt)}`}
              {reply.updatedAt !== reply.createdAt && ' (edited)'}
            </span>
          </p>
          {reply.formerRepresentative && <p className="mt-1 text-sm text-muted">Written by a former representative of {reply.providerName}.</p>}
          <p className="mt-2 break-words whitespace-pre-line text-ink">{reply.text}</p>
          <p className="mt-2">
            <LegalComplaintLink part="reply" reviewId={reviewId} />
          </p>
        </div>
      )}
      {problem.length > 0 && (
        <div className="mt-3">
          <FormMessage tone="error" messages={problem} />
        </div>
      )}
      {role === 'representative' && (
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
          <button type="button" className={linkButton} onClick={() => setEditing(true)}>
            {reply ? 'Edit reply' : 'Reply to this review'}
          </button>
          {reply && (
            <button type="button" className={linkButton} disabled={change.isPending} onClick={remove}>
              Remove reply
            </button>
          )}
        </div>
      )}
      {role === 'admin' && reply && (
        <div className="mt-3">
          <button type="button" className={linkButton} disabled={change.isPending} onClick={remove}>
            Remove reply
          </button>
        </div>
      )}
    </>
  )
}

type ReplyFormProps = { initial: string; saving: boolean; onSave: (text: string) => Promise<void>; onCancel: () => void }

function ReplyForm({ initial, saving, onSave, onCancel }: ReplyFormProps) {
  const id = useId()
  const [text, setText] = useState(initial)
  const [problem, setProblem] = useState<string[]>([])
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setProblem([])
    try {
      await onSave(text)
    } catch (error) {
      setProblem(errorLines(error))
    }
  }
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3 rounded-md border border-line bg-surface p-4">
      {problem.length > 0 && <FormMessage tone="error" messages={problem} />}
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={`${id}-text`} className="font-medium text-ink">
          Your reply
        </label>
        <CharCount id={`${id}-count`} text={text} max={REPLY_MAX} />
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Shown publicly under the review with the provider's name. Plain text, at most 1,000 characters.
      </p>
      <textarea
        id={`${id}-text`}
        rows={5}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-hint ${id}-count`}
        className={controlClass(false)}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? 'Saving…' : initial ? 'Save reply' : 'Post reply'}
        </button>
      </div>
    </form>
  )
}
