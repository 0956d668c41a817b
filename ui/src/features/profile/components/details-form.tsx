import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { FormActions } from '@/components/ui/form-card'
import { FormMessage } from '@/components/ui/form-field'
import { GenderField } from '@/components/ui/gender-field'
import { TextInput } from '@/components/ui/text-input'
import { EmployerFields, StudentFields } from '@/components/ui/user-type-fields'
import type { User } from '@/lib/auth/get-userinfo'
import {
  abnDigits,
  abnError as abnRuleError,
  ACCOUNT_MESSAGES,
  nameError,
  NAME_MAX,
} from '@/lib/account-rules'
import { useAbnCheck, useNicknameCheck } from '@/lib/availability-checks'
import { errorLines } from '@/lib/error-lines'
import { useUpdateDetails } from '../api/update-details'
import { detailsFromUser, detailsSchema, detailsUpdate, type DetailsValues } from './details-schema'

/** `onCancel` resets every profile form (the page remounts them). */
type Props = { user: User; onCancel: () => void }

type Message = { tone: 'success' | 'error'; lines: string[] }

/** Names, gender, opt-in and the type's own fields (Student: nickname, date of birth; Employer: business, job title, ABN). */
export function DetailsForm({ user, onCancel }: Props) {
  const saved = detailsFromUser(user)
  const savedKey = JSON.stringify(saved)
  const update = useUpdateDetails()
  const [today] = useState(() => new Date())
  const [message, setMessage] = useState<Message | null>(null)
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isValid, isDirty },
  } = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema(user.userType)),
    defaultValues: saved,
    mode: 'onTouched',
  })

  // A new saved state (after any save) becomes the form's starting point; so does Cancel.
  useEffect(() => reset(JSON.parse(savedKey) as DetailsValues), [savedKey, reset])

  const [nickName, abn] = useWatch({ control, name: ['nickName', 'abn'] })
  const student = user.userType === 'Student'
  const employer = user.userType === 'Employer'
  // Only a changed nickname or ABN needs the server's word (one's own nickname is 'taken').
  const nickChanged = nickName.trim().toLowerCase() !== saved.nickName.toLowerCase()
  const abnChanged = abnDigits(abn) !== saved.abn
  const nickCheck = useNicknameCheck(nickName, student && nickChanged && !nameError('Nick name', nickName))
  const abnCheck = useAbnCheck(abnDigits(abn), employer && abnChanged && !abnRuleError(abn))
  const checking = nickCheck.status === 'pending' || abnCheck.status === 'pending'
  const refused = nickCheck.status === 'refused' || abnCheck.status === 'refused'

  const error = (name: keyof DetailsValues) => errors[name]?.message
  const nickError = error('nickName') ?? (nickCheck.status === 'refused' ? ACCOUNT_MESSAGES.nickNameTaken : undefined)
  const abnError = error('abn') ?? (abnCheck.status === 'refused' ? ACCOUNT_MESSAGES.abnInvalid : undefined)
  const typeFieldError = (name: keyof DetailsValues) => (name === 'nickName' ? nickError : name === 'abn' ? abnError : error(name))

  const onValid = async (values: DetailsValues) => {
    setMessage(null)
    try {
      const answer = await update.mutateAsync(detailsUpdate(user, values))
      reset(values)
      setMessage({ tone: 'success', lines: [answer.msg] })
    } catch (problem) {
      setMessage({ tone: 'error', lines: errorLines(problem) })
    }
  }

  return (
    <form
      noValidate
      aria-labelledby="profile-details-title"
      onSubmit={handleSubmit(onValid)}
      onChange={() => setMessage(null)}
      className="space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput id="profile-firstName" label="First name" autoComplete="given-name" maxLength={NAME_MAX} error={error('firstName')} field={register('firstName')} />
        <TextInput id="profile-lastName" label="Last name" autoComplete="family-name" maxLength={NAME_MAX} error={error('lastName')} field={register('lastName')} />
        {student && (
          <StudentFields
            idPrefix="profile"
            register={register}
            control={control}
            error={typeFieldError}
            nickChecking={nickCheck.status === 'pending'}
            today={today}
            onDateChange={() => setMessage(null)}
          />
        )}
        {employer && <EmployerFields idPrefix="profile" register={register} error={typeFieldError} abnCheck={abnCheck} />}
      </div>
      <GenderField id="profile-gender" field={register('gender')} error={error('gender')} />
      <label className="flex items-start gap-3">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-700" {...register('optIn')} />
        <span>Keep me up to date with CourseSource news by email.</span>
      </label>
      {message && <FormMessage tone={message.tone} messages={message.lines} />}
      <FormActions
        shown={isDirty}
        saveLabel="Save details"
        saving={update.isPending}
        disabled={!isValid || checking || refused}
        onCancel={onCancel}
      />
    </form>
  )
}
