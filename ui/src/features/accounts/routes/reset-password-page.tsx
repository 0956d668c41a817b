import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Navigate, useNavigate, useParams } from 'react-router'
import { primaryButton } from '@/components/ui/button-styles'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass } from '@/components/ui/form-field-props'
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton'
import { PASSWORD_MAX } from '@/lib/account-rules'
import { ApiError } from '@/lib/api-client'
import { useResetTokenCheck } from '../api/check-token'
import { useResetPassword } from '../api/reset-password'
import { AccountFrame } from '../components/account-frame'
import { newPasswordSchema, type NewPasswordValues } from '../components/new-password-schema'

const INVALID_LINK = 'Invalid or expired password reset link'

/**
 * /reset-password/{token}: the link's expiry is read from the token first, then the server is
 * asked; a bad link goes to /login/reset-invalid. Without a token: /forgot-password.
 */
export default function ResetPasswordPage() {
  const { token } = useParams()
  if (!token) return <Navigate to="/forgot-password" replace />
  return <ResetPassword token={token} />
}

function ResetPassword({ token }: { token: string }) {
  const check = useResetTokenCheck(token)
  const title = 'Reset Password'
  if (check.data === false || check.isError) return <Navigate to="/login/reset-invalid" replace />
  if (check.data !== true) {
    return (
      <AccountFrame title={title}>
        <LoadingRegion label="Checking your link…">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="mt-3 h-11 w-full" />
          <Skeleton className="mt-6 h-5 w-1/3" />
          <Skeleton className="mt-3 h-11 w-full" />
        </LoadingRegion>
      </AccountFrame>
    )
  }
  return (
    <AccountFrame title={title} intro="Choose a new password for your account.">
      <ResetPasswordForm token={token} />
    </AccountFrame>
  )
}

function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword()
  const navigate = useNavigate()
  const [messages, setMessages] = useState<string[]>([])
  const messageRef = useRef<HTMLDivElement>(null)
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors, isValid },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', passwordConfirm: '' },
    mode: 'onTouched',
  })

  useEffect(() => {
    if (messages.length > 0) messageRef.current?.focus()
  }, [messages])

  const onValid = async (values: NewPasswordValues) => {
    setMessages([])
    try {
      await reset.mutateAsync({ ...values, resetToken: token })
      navigate('/login/reset-success', { replace: true })
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.messages.some((m) => m.msg === INVALID_LINK)) {
        navigate('/login/reset-invalid', { replace: true })
        return
      }
      setMessages(error instanceof ApiError ? error.messages.map((m) => m.msg) : ['Something went wrong. Please try again.'])
    }
  }

  const passwordError = errors.password?.message
  const confirmError = errors.passwordConfirm?.message
  return (
    <form noValidate aria-label="Reset password" onSubmit={handleSubmit(onValid)} className="space-y-5">
      <Field
        id="reset-password"
        label="New password"
        hint="At least 8 characters, with a capital letter and a number."
        error={passwordError}
      >
        <input
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          className={controlClass(!!passwordError)}
          {...controlA11y('reset-password', { error: passwordError, hint: true })}
          {...register('password', {
            // Once the confirmation has been filled in, it follows the password as it changes.
            onChange: () => getFieldState('passwordConfirm').isTouched && trigger('passwordConfirm'),
          })}
        />
      </Field>
      <Field id="reset-password-confirm" label="Confirm password" error={confirmError}>
        <input
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          className={controlClass(!!confirmError)}
          {...controlA11y('reset-password-confirm', { error: confirmError })}
          {...register('passwordConfirm')}
        />
      </Field>
      {messages.length > 0 && <FormMessage ref={messageRef} tone="error" messages={messages} />}
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={!isValid || reset.isPending}>
        <KeyRound aria-hidden="true" className="size-5" />
        {reset.isPending ? 'Saving…' : 'Reset password'}
      </button>
    </form>
  )
}
