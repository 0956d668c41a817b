import { useEffect, useRef } from 'react'
import { Link, useParams } from 'react-router'
import { secondaryButton, textLink } from '@/components/ui/button-styles'
import { FormMessage } from '@/components/ui/form-field'
import { PageFrame } from '@/components/ui/page-frame'
import { errorLines } from '@/lib/error-lines'
import { useUnsubscribe } from '../api/unsubscribe'

/**
 * /unsubscribe/:token, the link in every alert mail: turns that kind of mail off at once, without
 * logging in, says what it turned off, and offers to turn it back on.
 */
export default function UnsubscribePage() {
  const token = useParams().token ?? ''
  const change = useUnsubscribe()
  const started = useRef(false)
  const { mutate } = change
  useEffect(() => {
    if (started.current) return
    started.current = true
    mutate({ token, undo: false })
  }, [mutate, token])
  const answer = change.data
  const undone = change.variables?.undo === true && change.isSuccess
  return (
    <PageFrame title={undone ? 'Mails back on' : 'Unsubscribe'}>
      <div className="max-w-2xl">
        <div className="space-y-4" aria-live="polite">
          {change.isPending && <p className="text-muted">Turning these mails off…</p>}
          {change.isError && <FormMessage tone="error" messages={errorLines(change.error)} />}
          {answer && <p className="text-lg text-ink">{answer.msg}</p>}
          {answer && (
            <button type="button" className={secondaryButton} disabled={change.isPending} onClick={() => mutate({ token, undo: !undone })}>
              {undone ? 'Turn these mails off again' : 'Turn these mails back on'}
            </button>
          )}
          <p className="text-muted">
            To choose how you hear about each kind of alert, open your{' '}
            <Link to="/profile/notification-settings" className={textLink}>
              notification settings
            </Link>{' '}
            (you will be asked to log in).
          </p>
        </div>
      </div>
    </PageFrame>
  )
}
