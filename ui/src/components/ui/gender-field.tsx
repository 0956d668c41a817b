import type { UseFormRegisterReturn } from 'react-hook-form'
import { GENDERS } from '@/lib/account-rules'
import { FieldError } from './form-field'
import { fieldIds } from './form-field-props'

/** Gender as a row of radio buttons (spec: Male, Female, Other). */
export function GenderField({ id, field, error }: { id: string; field: UseFormRegisterReturn; error?: string }) {
  const errorId = fieldIds(id).error
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 font-medium text-ink">Gender</legend>
      <div className="flex flex-wrap gap-2 sm:gap-3">
        {GENDERS.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-muted/70 bg-white px-3.5 py-2.5 sm:min-w-24 sm:gap-2.5 sm:px-4 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              value={option}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-brand-700 focus:outline-none"
              {...field}
            />
            {option}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
