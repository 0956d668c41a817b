import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowRight } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { AvatarPicker } from '@/components/ui/avatar-picker'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass } from '@/components/ui/form-field-props'
import { GenderField } from '@/components/ui/gender-field'
import { TextInput } from '@/components/ui/text-input'
import { EmployerFields, StudentFields } from '@/components/ui/user-type-fields'
import {
  abnDigits,
  abnError as abnRuleError,
  ACCOUNT_MESSAGES,
  EMAIL_MAX,
  emailError as emailRuleError,
  NAME_MAX,
  nameError,
  OTHER_USER_TYPES,
  PASSWORD_MAX,
} from '@/lib/account-rules'
import { ApiError } from '@/lib/api-client'
import { defaultAvatarUrl, mayUploadPicture } from '@/lib/avatar'
import { useAbnCheck, useEmailCheck, useNicknameCheck } from '@/lib/availability-checks'
import { normalisedEmail } from '@/lib/form-helpers'
import { useRegister } from '../api/register'
import { ProfileImageField } from './profile-image-field'
import { emptySignUp, signUpSchema, toRegistration, type SignUpKind, type SignUpValues } from './sign-up-schema'

const FIELDS = new Set<string>(Object.keys(emptySignUp('Other')))

/** The sign-up form for one kind of user; the page mounts a fresh one per kind. */
export function SignUpForm({ kind, onCancel }: { kind: SignUpKind; onCancel: () => void }) {
  const registration = useRegister()
  const [today] = useState(() => new Date())
  const navigate = useNavigate()
  const [messages, setMessages] = useState<string[]>([])
  const messageRef = useRef<HTMLDivElement>(null)
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getFieldState,
    setError,
    formState: { errors, isValid },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema(kind)),
    defaultValues: emptySignUp(kind),
    mode: 'onTouched',
  })
  const [email, nickName, abn, userType, avatar] = useWatch({
    control,
    name: ['email', 'nickName', 'abn', 'userType', 'avatar'],
  })

  // The server's checks, each after a 600 ms pause, only once the value passes the local rules.
  const emailCheck = useEmailCheck(email, !emailRuleError(email))
  const nickCheck = useNicknameCheck(nickName, kind === 'Student' && !nameError('Nick name', nickName))
  const abnCheck = useAbnCheck(abnDigits(abn), kind === 'Employer' && !abnRuleError(abn))
  const checks = [emailCheck.status, nickCheck.status, abnCheck.status]
  const checking = checks.includes('pending')
  const refused = checks.includes('refused')

  useEffect(() => {
    if (messages.length > 0) messageRef.current?.focus()
  }, [messages])

  const error = (name: keyof SignUpValues) => errors[name]?.message
  const emailError = error('email') ?? (emailCheck.status === 'refused' ? ACCOUNT_MESSAGES.emailInUse : undefined)
  const nickError = error('nickName') ?? (nickCheck.status === 'refused' ? ACCOUNT_MESSAGES.nickNameTaken : undefined)
  const abnError = error('abn') ?? (abnCheck.status === 'refused' ? ACCOUNT_MESSAGES.abnInvalid : undefined)
  const typeFieldError = (name: keyof SignUpValues) => (name === 'nickName' ? nickError : name === 'abn' ? abnError : error(name))

  /** A field whose confirmation, once visited, is checked again as the field changes. */
  const withConfirm = (confirm: FieldPath<SignUpValues>) => ({
    onChange: () => getFieldState(confirm).isTouched && trigger(confirm),
  })

  const onValid = async (values: SignUpValues) => {
    if (registration.isPending) return
    setMessages([])
    try {
      await registration.mutateAsync(toRegistration(values, kind))
      navigate('/welcome')
    } catch (problem) {
      if (!(problem instanceof ApiError)) {
        setMessages(['Something went wrong. Please try again.'])
        return
      }
      const lines = problem.messages.map((m) => (m.code === 11000 ? ACCOUNT_MESSAGES.emailInUse : m.msg))
      for (const [i, m] of problem.messages.entries()) {
        if (m.param && FIELDS.has(m.param)) setError(m.param as keyof SignUpValues, { message: lines[i] })
      }
      setMessages(lines)
    }
  }

  const blocked = !isValid || checking || refused || registration.isPending
  const pictureType = kind === 'Other' ? userType || 'Other' : kind

  return (
    <form noValidate aria-labelledby="signup-form-title" onSubmit={handleSubmit(onValid)} className="space-y-8">
      <p className="text-sm text-muted">All fields are required unless marked optional.</p>

      <section aria-labelledby="signup-about" className="space-y-5">
        <h3 id="signup-about" className="text-lg font-semibold text-brand-950">
          About you
        </h3>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput id="signup-firstName" label="First name" autoComplete="given-name" maxLength={NAME_MAX} error={error('firstName')} field={register('firstName')} />
          <TextInput id="signup-lastName" label="Last name" autoComplete="family-name" maxLength={NAME_MAX} error={error('lastName')} field={register('lastName')} />
        </div>

        {kind === 'Student' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <StudentFields idPrefix="signup" register={register} control={control} error={typeFieldError} nickChecking={nickCheck.status === 'pending'} today={today} />
          </div>
        )}

        {kind === 'Employer' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <EmployerFields idPrefix="signup" register={register} error={typeFieldError} abnCheck={abnCheck} />
          </div>
        )}

        {kind === 'Other' && (
          <Field id="signup-userType" label="User Type" error={error('userType')}>
            <select className={controlClass(!!error('userType'))} {...controlA11y('signup-userType', { error: error('userType') })} {...register('userType')}>
              <option value="">Select…</option>
              {OTHER_USER_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          </Field>
        )}

        <GenderField id="signup-gender" field={register('gender')} error={error('gender')} />
      </section>

      <section aria-labelledby="signup-login" className="space-y-5">
        <h3 id="signup-login" className="text-lg font-semibold text-brand-950">
          Your login
        </h3>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            id="signup-email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={EMAIL_MAX}
            hint={emailCheck.status === 'pending' && !emailError ? 'Checking…' : undefined}
            error={emailError}
            field={normalisedEmail(register('email', withConfirm('emailConfirm')))}
          />
          <TextInput
            id="signup-emailConfirm"
            label="Confirm email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={EMAIL_MAX}
            error={error('emailConfirm')}
            field={normalisedEmail(register('emailConfirm'))}
          />
          <TextInput
            id="signup-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            hint="At least 8 characters, with a capital letter and a number."
            error={error('password')}
            field={register('password', withConfirm('passwordConfirm'))}
          />
          <TextInput
            id="signup-passwordConfirm"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            error={error('passwordConfirm')}
            field={register('passwordConfirm')}
          />
        </div>
      </section>

      <section aria-labelledby="signup-picture" className="space-y-5">
        <h3 id="signup-picture" className="text-lg font-semibold text-brand-950">
          Your picture
        </h3>
        <Controller
          control={control}
          name="avatar"
          render={({ field }) => (
            <AvatarPicker name="signup-avatar" legend="Choose an avatar" userType={pictureType} value={field.value} onChange={field.onChange} />
          )}
        />
        {mayUploadPicture(kind) && (
          <Controller
            control={control}
            name="profileImage"
            render={({ field }) => (
              <ProfileImageField value={field.value} onChange={field.onChange} fallbackUrl={defaultAvatarUrl(pictureType, avatar)} />
            )}
          />
        )}
      </section>

      <label className="flex items-start gap-3">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-700" {...register('optIn')} />
        <span>Keep me up to date with CourseSource news by email. You can change this in your profile at any time.</span>
      </label>

      {messages.length > 0 && <FormMessage ref={messageRef} tone="error" messages={messages} />}

      <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={blocked}>
          {registration.isPending ? 'Signing up…' : 'Continue'}
          <ArrowRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      {blocked && !registration.isPending && (
        <p className="-mt-4 text-center text-sm text-muted sm:text-right">{checking ? 'Checking your details…' : 'Fill in every field to continue.'}</p>
      )}
    </form>
  )
}
