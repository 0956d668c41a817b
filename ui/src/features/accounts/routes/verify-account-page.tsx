import { useQueryClient } from '@tanstack/react-query'
import { MailCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { primaryButton, textLink } from '@/components/ui/button-styles'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass } from '@/components/ui/form-field-props'
import { PASSWORD_MAX } from '@/lib/account-rules'
import { ApiError } from '@/lib/api-client'
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

type PasswordValues = { password: string }

/**
 * The link alone proves only that the reader holds the mailbox, so the account's password is
 * asked for too: someone who signed up with another person's address cannot have that person
 * verify it for them. The owner who never signed up takes the account with 'Forgot password?'.
 */
function ConfirmWithPassword({ token }: { token: string }) {
  const verify = useVerifyAccount()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [messages, setMessages] = useState<string[]>([])
  const messageRef = useRef<HTMLDivElement>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordValues>({ defaultValues: { password: '' } })

  useEffect(() => {
    if (messages.length > 0) messageRef.current?.focus()
  }, [messages])

  const onValid = async ({ password }: PasswordValues) => {
    setMessages([])
    try {
      await verify.mutateAsync({ token, password })
      // A confirmed new email address ends every session: ask again who is logged in.
      void queryClient.resetQueries({ queryKey: userinfoQueryKey })
      navigate('/login/verify-success', { replace: true })
    } catch (error) {
      const messages = error instanceof ApiError ? error.messages : []
      const onPassword = messages.find((m) => m.param === 'password')
      if (onPassword) {
        setError('password', { message: onPassword.msg }, { shouldFocus: true })
      } else if (messages.some((m) => m.param === 'token')) {
        navigate('/verify-account/invalid', { replace: true })
      } else {
        setMessages(messages.length > 0 ? messages.map((m) => m.msg) : ['Something went wrong. Please try again.'])
      }
    }
  }

  const passwordError = errors.password?.message
  return (
    <AccountFrame title="Verify Account" intro="Enter your account's password to finish verifying your email address.">
      <form noValidate aria-label="Verify account" onSubmit={handleSubmit(onValid)} className="space-y-5">
        <Field
          id="verify-password"
          label="Password"
          error={passwordError}
          aside={
            <Link to="/forgot-password" className={`${textLink} text-sm`}>
              Forgot password?
            </Link>
          }
        >
          <input
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            className={controlClass(!!passwordError)}
            {...controlA11y('verify-password', { error: passwordError })}
            {...register('password', { required: 'Password is required' })}
          />
        </Field>
        {messages.length > 0 && <FormMessage ref={messageRef} tone="error" messages={messages} />}
        <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={verify.isPending}>
          <MailCheck aria-hidden="true" className="size-5" />
          {verify.isPending ? 'Verifying…' : 'Verify account'}
        </button>
      </form>
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
