import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { textLink } from '@/components/ui/button-styles'
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton'
import { userinfoQueryKey } from '@/lib/auth/get-userinfo'
import { verifyAccount } from '../api/verify-account'
import { useRequestVerificationLink } from '../api/verify-account-form'
import { AccountFrame } from '../components/account-frame'
import { EmailRequestForm } from '../components/email-request-form'
import { Submitted } from '../components/submitted'

/**
 * /verify-account: a form for a new link. /verify-account/invalid: 'Invalid verification link'.
 * /verify-account/{token}: the token is sent at once; then /login/verify-success or /verify-account/invalid.
 */
export default function VerifyAccountPage() {
  const { token } = useParams()
  if (token === undefined) return <RequestLink />
  if (token === 'invalid') return <InvalidLink />
  return <CheckToken token={token} />
}

function RequestLink() {
  const request = useRequestVerificationLink()
  const [submitted, setSubmitted] = useState(false)
  return (
    <AccountFrame
      title="Verify Account"
      intro={submitted ? undefined : 'Enter the email you signed up with and we will send you a new verification link.'}
    >
      {submitted ? (
        <Submitted>
          <p>
            If that email belongs to an account still waiting for verification, a new link is on its way. Check your inbox
            (and the spam folder) and follow the link within 24 hours.
          </p>
        </Submitted>
      ) : (
        <EmailRequestForm
          id="verify-email"
          label="Send verification link"
          submitLabel="Send verification link"
          onSubmit={(email) => {
            setSubmitted(true)
            request.mutate(email)
          }}
        />
      )}
    </AccountFrame>
  )
}

function InvalidLink() {
  return (
    <AccountFrame title="Verify Account">
      <p role="alert" className="text-lg font-semibold text-danger-700">
        Invalid verification link
      </p>
      <p className="mt-2 text-muted">
        The link may have been used already or be older than 24 hours.{' '}
        <Link to="/verify-account" className={textLink}>
          Send a new verification link
        </Link>
        .
      </p>
    </AccountFrame>
  )
}

function CheckToken({ token }: { token: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // A link works once: send it once, even when React runs effects twice in development.
  const sent = useRef<string | null>(null)
  useEffect(() => {
    if (sent.current === token) return
    sent.current = token
    verifyAccount(token).then(
      () => {
        // A confirmed new email address ends every session: ask again who is logged in.
        void queryClient.resetQueries({ queryKey: userinfoQueryKey })
        navigate('/login/verify-success', { replace: true })
      },
      () => navigate('/verify-account/invalid', { replace: true }),
    )
  }, [token, navigate, queryClient])
  return (
    <AccountFrame title="Verify Account">
      <LoadingRegion label="Verifying your account…">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="mt-3 h-4 w-1/2" />
      </LoadingRegion>
    </AccountFrame>
  )
}
