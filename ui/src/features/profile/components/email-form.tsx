import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import * as z from 'zod/mini'
import { FormActions } from '@/components/ui/form-card'
import { FormMessage } from '@/components/ui/form-field'
import { Notice } from '@/components/ui/notice'
import { TextInput } from '@/components/ui/text-input'
import type { User } from '@/lib/auth/get-userinfo'
import { ACCOUNT_MESSAGES, emailConfirmError, emailError, EMAIL_MAX, normaliseEmail, PASSWORD_MAX } from '@/lib/account-rules'
import { useEmailCheck } from '@/lib/availability-checks'
import { normalisedEmail, schemaWithErrors } from '@/lib/form-helpers'
import { errorLines } from '@/lib/error-lines'
import { useUpdateEmail } from '../api/update-email'

type EmailValues = { email: string; emailConfirm: string; currentPassword: string }

const EMPTY_EXTRAS = { emailConfirm: '', currentPassword: '' }

/** The rules apply only to a changed address; the saved one needs no confirmation. */
function emailSchema(saved: string) {
  return schemaWithErrors({ email: z.string(), emailConfirm: z.string(), currentPassword: z.string() }, (form) => {
    if (normaliseEmail(form.email) === saved) return {}
    return {
      email: emailError(form.email),
      emailConfirm: emailConfirmError(form.email, form.emailConfirm),
      currentPassword: form.currentPassword === '' ? ACCOUNT_MESSAGES.currentPasswordRequired : undefined,
    }
  })
}

/** `onCancel` resets every profile form (the page remounts them). */
type Props = { user: User; onCancel: () => void }

type Outcome = { tone: 'success'; msg: string; pendingEmail: string } | { tone: 'error'; lines: string[] }

/**
 * The login email. A changed address reveals 'Confirm email' and 'Current password' (a stolen
 * session alone must not move the account) and is checked for availability after a 600 ms pause. The server mails the new address a link and keeps the old one until then.
 */
export function EmailForm({ user, onCancel }: Props) {
  const saved = user.email
  const update = useUpdateEmail()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const {
    register,
    control,
    handleSubmit,
    reset,
    trigger,
    getFieldState,
    formState: { errors, isValid },
  } = useForm<EmailValues>({
    resolver: zodResolver(emailSchema(saved)),
    defaultValues: { email: saved, ...EMPTY_EXTRAS },
    mode: 'onTouched',
  })

  useEffect(() => reset({ email: saved, ...EMPTY_EXTRAS }), [saved, reset])

  const email = useWatch({ control, name: 'email' })
  const changed = normaliseEmail(email) !== saved
  const check = useEmailCheck(normaliseEmail(email), changed && !emailError(email))
  const emailFieldError =
    errors.email?.message ?? (changed && check.status === 'refused' ? ACCOUNT_MESSAGES.emailUnavailable : undefined)

  const onValid = async (values: EmailValues) => {
    setOutcome(null)
    try {
      const answer = await update.mutateAsync({
        userId: user._id,
        email: normaliseEmail(values.email),
        emailConfirm: normaliseEmail(values.emailConfirm),
        currentPassword: values.currentPassword,
      })
      reset({ email: saved, ...EMPTY_EXTRAS })
      setOutcome({ tone: 'success', msg: answer.msg, pendingEmail: answer.pendingEmail })
    } catch (problem) {
      setOutcome({ tone: 'error', lines: errorLines(problem, (m) => (m.code === 11000 ? ACCOUNT_MESSAGES.emailUnavailable : m.msg)) })
    }
  }

  return (
    <form noValidate aria-labelledby="profile-email-title" onSubmit={handleSubmit(onValid)} onChange={() => setOutcome(null)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          id="profile-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={EMAIL_MAX}
          hint={changed && check.status === 'pending' && !emailFieldError ? 'Checking…' : undefined}
          error={emailFieldError}
          field={normalisedEmail(
            register('email', { onChange: () => getFieldState('emailConfirm').isTouched && trigger('emailConfirm') }),
          )}
        />
        {changed && (
          <TextInput
            id="profile-emailConfirm"
            label="Confirm email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={EMAIL_MAX}
            error={errors.emailConfirm?.message}
            field={normalisedEmail(register('emailConfirm'))}
          />
        )}
        {changed && (
          <TextInput
            id="profile-email-currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            hint="To be sure it is you who moves the account."
            error={errors.currentPassword?.message}
            field={register('currentPassword')}
          />
        )}
      </div>
      {outcome?.tone === 'success' && (
        <Notice tone="success">
          <p>{outcome.msg}</p>
          <p className="mt-1 font-normal">
            We have sent a verification link to <strong>{outcome.pendingEmail}</strong>. Your email changes to it once you
            follow that link; until then, keep logging in with {saved}.
          </p>
        </Notice>
      )}
      {outcome?.tone === 'error' && <FormMessage tone="error" messages={outcome.lines} />}
      <FormActions
        shown={changed}
        saveLabel="Save email"
        saving={update.isPending}
        disabled={!isValid || check.status === 'pending' || check.status === 'refused'}
        onCancel={onCancel}
      />
    </form>
  )
}
