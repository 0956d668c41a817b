import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import * as z from 'zod/mini'
import { primaryButton } from '@/components/ui/button-styles'
import { Field } from '@/components/ui/form-field'
import { controlA11y, controlClass } from '@/components/ui/form-field-props'
import { emailError, EMAIL_MAX } from '@/lib/account-rules'
import { normalisedEmail, schemaWithErrors } from '@/lib/form-helpers'

const emailSchema = schemaWithErrors({ email: z.string() }, (form) => ({ email: emailError(form.email) }))

type EmailRequestFormProps = {
  id: string
  label: string
  submitLabel: string
  /** Called with the normalised address once the form is valid. */
  onSubmit: (email: string) => void
}

/** One email field and a button: the forgot-password and verification-link forms. */
export function EmailRequestForm({ id, label, submitLabel, onSubmit }: EmailRequestFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(emailSchema), defaultValues: { email: '' }, mode: 'onTouched' })
  const error = errors.email?.message
  return (
    <form noValidate aria-label={label} onSubmit={handleSubmit((values) => onSubmit(values.email))} className="space-y-5">
      <Field id={id} label="Email" error={error}>
        <input
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={EMAIL_MAX}
          className={controlClass(!!error)}
          {...controlA11y(id, { error })}
          {...normalisedEmail(register('email'))}
        />
      </Field>
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
        <Send aria-hidden="true" className="size-5" />
        {submitLabel}
      </button>
    </form>
  )
}
