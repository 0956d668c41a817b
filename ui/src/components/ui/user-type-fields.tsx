import { Controller, type Control, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form'
import { EARLIEST_BIRTH_DATE, eighteenYearsAgo, NAME_MAX, TEXT_MAX, type PersonalDetails } from '@/lib/account-rules'
import type { CheckStatus } from '@/lib/availability-checks'
import { DateField } from './date-field'
import { TextInput } from './text-input'

/*
 * The fields only some user types have, shared by sign-up and the profile's details form.
 * Each form's values include these fields; `field` names them for react-hook-form.
 */

type TypeFieldValues = FieldValues & Pick<PersonalDetails, 'nickName' | 'dateOfBirth' | 'businessName' | 'jobTitle' | 'abn'>

type Common<T extends TypeFieldValues> = {
  /** Prefix of the inputs' ids ('signup', 'profile'). */
  idPrefix: string
  register: UseFormRegister<T>
  /** The message to show under a field, if any. */
  error: (name: keyof PersonalDetails) => string | undefined
}

const field = <T extends TypeFieldValues>(name: keyof PersonalDetails) => name as Path<T>

/** A Student's nickname (checked with the server while typing) and date of birth. */
export function StudentFields<T extends TypeFieldValues>({
  idPrefix,
  register,
  error,
  control,
  nickChecking,
  today,
  onDateChange,
}: Common<T> & { control: Control<T>; nickChecking: boolean; today: Date; onDateChange?: () => void }) {
  const nickError = error('nickName')
  return (
    <>
      <TextInput
        id={`${idPrefix}-nickName`}
        label="Nick name"
        autoComplete="nickname"
        maxLength={NAME_MAX}
        hint={nickChecking && !nickError ? 'Checking…' : 'Shown on your reviews instead of your name.'}
        error={nickError}
        field={register(field<T>('nickName'))}
      />
      <Controller
        control={control}
        name={field<T>('dateOfBirth')}
        render={({ field: date }) => (
          <DateField
            id={`${idPrefix}-dateOfBirth`}
            label="Date of Birth"
            value={date.value}
            onChange={(value) => {
              date.onChange(value)
              onDateChange?.()
            }}
            onBlur={date.onBlur}
            error={error('dateOfBirth')}
            from={EARLIEST_BIRTH_DATE}
            to={today}
            initialMonth={eighteenYearsAgo(today)}
          />
        )}
      />
    </>
  )
}

/** An Employer's business name, job title and ABN; a found ABN shows the registered name as its label. */
export function EmployerFields<T extends TypeFieldValues>({
  idPrefix,
  register,
  error,
  abnCheck,
}: Common<T> & { abnCheck: { status: CheckStatus; entityName: string | null } }) {
  const abnError = error('abn')
  return (
    <>
      <TextInput
        id={`${idPrefix}-businessName`}
        label="Business Name"
        autoComplete="organization"
        maxLength={TEXT_MAX}
        error={error('businessName')}
        field={register(field<T>('businessName'))}
      />
      <TextInput
        id={`${idPrefix}-jobTitle`}
        label="Job Title"
        autoComplete="organization-title"
        maxLength={TEXT_MAX}
        error={error('jobTitle')}
        field={register(field<T>('jobTitle'))}
      />
      <TextInput
        id={`${idPrefix}-abn`}
        label={abnCheck.status === 'ok' && abnCheck.entityName ? abnCheck.entityName : 'ABN'}
        inputMode="numeric"
        maxLength={14}
        hint={abnHint(abnCheck, !!abnError)}
        error={abnError}
        field={register(field<T>('abn'))}
      />
    </>
  )
}

function abnHint({ status, entityName }: { status: CheckStatus; entityName: string | null }, hasError: boolean): string | undefined {
  if (hasError) return undefined
  if (status === 'pending') return 'Checking the ABN…'
  if (status === 'ok') return entityName ? 'ABN found on the Australian Business Register.' : 'ABN checked.'
  return '11 digits, as on your business registration.'
}
