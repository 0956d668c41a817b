import { useEffect, useRef } from 'react'
import { Link, useParams } from 'react-router'
import { textLink } from '@/components/ui/button-styles'
import { FormMessage } from '@/components/ui/form-field'
import { PageFrame } from '@/components/ui/page-frame'
import { Skeleton } from '@/components/ui/skeleton'
import { errorLines } from '@/lib/error-lines'
import { useVerifyWorkEmail } from '../api/verify-work-email'

/** /represent/verify/{token}: the link mailed to a representative's work email, sent once. */
export default function WorkEmailPage() {
  const { token = '' } = useParams()
  const verify = useVerifyWorkEmail()
  // A link works once: send it once, even when React runs effects twice in development.
  const sent = useRef<string | null>(null)
  useEffect(() => {
    if (sent.current === token) return
    sent.current = token
    verify.mutate(token)
  }, [token, verify])

  return (
    <PageFrame title="Confirm work email">
      <div className="max-w-2xl space-y-4">
        {verify.isSuccess && <FormMessage tone="success" messages={[verify.data.msg]} />}
        {verify.isError && <FormMessage tone="error" messages={errorLines(verify.error)} />}
        {verify.isPending && <Skeleton className="h-14 w-full" />}
        {!verify.isPending && (
          <p className="text-muted">
            <Link to="/profile" className={textLink}>
              Go to my profile
            </Link>
          </p>
        )}
      </div>
    </PageFrame>
  )
}
