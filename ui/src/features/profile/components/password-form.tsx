import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import * as z from 'zod/mini'
import { FormActions } from '@/components/ui/form-card'
import { FormMessage } from '@/components/ui/form-field'
import { TextInput } from '@/components/ui/text-input'
import type { User } from '@/lib/auth/get-userinfo'
import { ACCOUNT_MESSAGES, newPasswordError, passwordConfirmError, PASSWORD_MAX } from '@/lib/account-rules'
import { schemaWithErrors } from '@/lib/form-helpers'
import { errorLines } from '@/lib/error-lines'
import { useUpdatePassword } from '../api/update-password'

type PasswordValues = { currentPassword: string; newPassword: string; newPasswordConfirm: string }

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', newPasswordConfirm: '' }

// An empty password means no change (spec section 5); then nothing is checked.
const passwordSchema = schemaWithErrors(
  { currentPassword: z.string(), newPassword: z.string(), newPasswordConfirm: z.string() },
  (form) =>
    form.newPassword === ''
      ? {}
      : {
          newPassword: newPasswordError(form.newPassword),
          newPasswordConfirm: passwordConfirmError(form.newPassword, form.newPasswordConfirm),
          currentPassword: form.currentPassword === '' ? ACCOUNT_MESSAGES.currentPasswordRequired : undefined,
        },
)

/** `onCancel` resets every profile form (the page remounts them). */
type Props = { user: User; onCancel: () => void }

type Message = { tone: 'success' | 'error'; lines: string[] }

/**
 * A new password; its confirmation, the current password (a stolen session alone must not set
 * a new one) and the buttons appear once something is typed.
 */
export function PasswordForm({ user, onCancel }: Props) {
  const update = useUpdatePassword()
  const [message, setMessage] = useState<Message | null>(null)
  const {
    register,
    control,
    handleSubmit,
    reset,
    trigger,
    getFieldState,
    formState: { errors, isValid },
  } = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: EMPTY, mode: 'onTouched' })

  const typed = useWatch({ control, name: 'newPassword' }) !== ''

  const onValid = async (values: PasswordValues) => {
    setMessage(null)
    try {
      const answer = await update.mutateAsync({ userId: user._id, ...values })
      reset(EMPTY)
      setMessage({ tone: 'success', lines: [answer.msg] })
    } catch (problem) {
      setMessage({ tone: 'error', lines: errorLines(problem) })
    }
  }

  return (
    <form noValidate aria-labelledby="profile-password-title" onSubmit={handleSubmit(onValid)} onChange={() => setMessage(null)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          id="profile-newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint="At least 8 characters, with a capital letter and a number."
          error={errors.newPassword?.message}
          field={register('newPassword', {
            onChange: () => getFieldState('newPasswordConfirm').isTouched && trigger('newPasswordConfirm'),
          })}
        />
        {typed && (
          <TextInput
            id="profile-newPasswordConfirm"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            error={errors.newPasswordConfirm?.message}
            field={register('newPasswordConfirm')}
          />
        )}
        {typed && (
          <TextInput
            id="profile-currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            error={errors.currentPassword?.message}
            field={register('currentPassword')}
          />
        )}
      </div>
      {message && <FormMessage tone={message.tone} messages={message.lines} />}
      <FormActions shown={typed} saveLabel="Save password" saving={update.isPending} disabled={!isValid} onCancel={onCancel} />
    </form>
  )
}
