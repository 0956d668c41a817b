import { MailCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { primaryButton, textLink } from '@/components/ui/button-styles'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass } from '@/components/ui/form-field-props'
import { PASSWORD_MAX } from '@/lib/account-rules'
import { ApiError } from '@/lib/api-client'

type PasswordConfirmFormProps = {
  /** The form's accessible name, and the id its password field is built from. */
  name: string
  id: string
  submitLabel: string
  /** Sends the password with the link's token; rejects with the server's `ApiError`. */
  confirm: (password: string) => Promise<unknown>
  /** A refusal that is not about the password (a used link, say): true when it was dealt with. */
  onRefused?: (error: ApiError) => boolean
}

/**
 * The account's password, asked for when a mailed link is followed: the link alone proves only
 * that the reader holds the mailbox, and someone who used another person's address must not have
 * that person's click confirm it. A wrong password is shown on the field and the link stays good.
 */
export function PasswordConfirmForm({ name, id, submitLabel, confirm, onRefused }: PasswordConfirmFormProps) {
  const [messages, setMessages] = useState<string[]>([])
  const messageRef = useRef<HTMLDivElement>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } })

  useEffect(() => {
    if (messages.length > 0) messageRef.current?.focus()
  }, [messages])

  const onValid = async ({ password }: { password: string }) => {
    setMessages([])
    try {
      await confirm(password)
    } catch (error) {
      const refusals = error instanceof ApiError ? error.messages : []
      const onPassword = refusals.find((m) => m.param === 'password')
      if (onPassword) {
        setError('password', { message: onPassword.msg }, { shouldFocus: true })
      } else if (!(error instanceof ApiError && onRefused?.(error))) {
        setMessages(refusals.length > 0 ? refusals.map((m) => m.msg) : ['Something went wrong. Please try again.'])
      }
    }
  }

  const passwordError = errors.password?.message
  return (
    <form noValidate aria-label={name} onSubmit={handleSubmit(onValid)} className="space-y-5">
      <Field
        id={id}
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
          {...controlA11y(id, { error: passwordError })}
          {...register('password', { required: 'Password is required' })}
        />
      </Field>
      {messages.length > 0 && <FormMessage ref={messageRef} tone="error" messages={messages} />}
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={isSubmitting}>
        <MailCheck aria-hidden="true" className="size-5" />
        {isSubmitting ? 'Confirming…' : submitLabel}
      </button>
    </form>
  )
}
