import { CircleAlert, CircleCheck } from 'lucide-react'
import type { ReactNode, Ref } from 'react'
import { fieldIds } from './form-field-props'

type FieldProps = {
  id: string
  label: string
  error?: string
  /** Help under the control; pass `hint` to controlA11y as well so the control points at it. */
  hint?: ReactNode
  /** Something drawn on the label's line, at its end (a character counter, say). */
  aside?: ReactNode
  children: ReactNode
}

/** A label, its control (the children), an optional hint and the field's error message. */
export function Field({ id, label, error, hint, aside, children }: FieldProps) {
  const ids = fieldIds(id)
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label id={ids.label} htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint && (
        <p id={ids.hint} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={ids.error} message={error} />
    </div>
  )
}

/** A field's error line; rendered only while there is an error. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  )
}

type FormMessageProps = {
  tone: 'error' | 'success'
  messages: string[]
  ref?: Ref<HTMLDivElement>
}

/**
 * Form-level messages (a failed send, a successful one). Errors are an alert, success a status;
 * the box can take focus so a form can move the reader to it after submitting.
 */
export function FormMessage({ tone, messages, ref }: FormMessageProps) {
  const error = tone === 'error'
  const Icon = error ? CircleAlert : CircleCheck
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={error ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-md border px-4 py-3 ${
        error ? 'border-danger-700/30 bg-danger-50 text-danger-700' : 'border-success-700/30 bg-success-50 text-success-700'
      }`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {messages.length === 1 ? (
        <p className="font-medium">{messages[0]}</p>
      ) : (
        <ul className="space-y-1 font-medium">
          {messages.map((message, i) => (
            <li key={i}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
