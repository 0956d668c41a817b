import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { textLink } from '@/components/ui/button-styles'
import { PasswordConfirmForm } from '@/components/ui/password-confirm-form'
import { userinfoQueryKey } from '@/lib/auth/get-userinfo'
import { tokenExpired } from '../api/check-token'
import { useVerifyAccount } from '../api/verify-account'
import { useRequestVerificationLink } from '../api/verify-account-form'
import { AccountFrame } from '../components/account-frame'
import { EmailRequestForm } from '../components/email-request-form'
import { Submitted } from '../components/submitted'

/**
 * /verify-account: a form for a new link. /verify-account/invalid: 'Invalid verification link'.
 * /verify-account/{token}: the token with the account's password; then /login/verify-success, or
 * /verify-account/invalid for a used, expired or forged link.
 */
export default function VerifyAccountPage() {
  const { token } = useParams()
  if (token === undefined) return <RequestLink />
  if (token === 'invalid') return <InvalidLink />
  // An expired or malformed link is refused at once rather than after the password.
  if (tokenExpired(token)) return <Navigate to="/verify-account/invalid" replace />
  return <ConfirmWithPassword token={token} />
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

/** The link with the account's password; 'Choose a password of your own' for the owner who never signed up. */
function ConfirmWithPassword({ token }: { token: string }) {
  const verify = useVerifyAccount()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return (
    <AccountFrame title="Verify Account" intro="Enter your account's password to finish verifying your email address.">
      <PasswordConfirmForm
        name="Verify account"
        id="verify-password"
        submitLabel="Verify account"
        confirm={async (password) => {
          await verify.mutateAsync({ token, password })
          // A confirmed new email address ends every session: ask again who is logged in.
          void queryClient.resetQueries({ queryKey: userinfoQueryKey })
          navigate('/login/verify-success', { replace: true })
        }}
        onRefused={(error) => {
          if (!error.messages.some((m) => m.param === 'token')) return false
          navigate('/verify-account/invalid', { replace: true })
          return true
        }}
      />
      <p className="mt-6 text-sm text-muted">
        Did someone else sign up with your email address?{' '}
        <Link to="/forgot-password" className={textLink}>
          Choose a password of your own
        </Link>
        : the account becomes yours, and any other password stops working.
      </p>
    </AccountFrame>
  )
}
