import type { InputHTMLAttributes, ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Field } from './form-field'
import { controlA11y, controlClass } from './form-field-props'

type TextInputProps = {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  /** react-hook-form's registration of the field. */
  field: UseFormRegisterReturn
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'maxLength' | 'spellCheck' | 'autoCapitalize' | 'placeholder' | 'enterKeyHint'>

/** A labelled text input with its hint and error, linked for screen readers. */
export function TextInput({ id, label, error, hint, field, type = 'text', ...attributes }: TextInputProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input type={type} className={controlClass(!!error)} {...attributes} {...controlA11y(id, { error, hint: !!hint })} {...field} />
    </Field>
  )
}
