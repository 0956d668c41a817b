import { CalendarDays } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { formatDateOfBirth, parseDateOfBirth } from '@/lib/account-rules'
import { Field } from './form-field'
import { controlA11y, controlClass } from './form-field-props'

const DatePickerDialog = lazy(() => import('./date-picker-dialog'))

type DateFieldProps = {
  id: string
  label: string
  /** The date as 'DD MMMM YYYY', or ''. */
  value: string
  onChange: (value: string) => void
  /** Called when the overlay closes, so the form can mark the field as visited. */
  onBlur?: () => void
  error?: string
  from: Date
  to: Date
  /** The month the calendar opens on when no date is chosen yet. */
  initialMonth: Date
  hint?: string
}

/** A date chosen in a calendar overlay; the button shows the chosen date and opens the overlay. */
export function DateField({ id, label, value, onChange, onBlur, error, from, to, initialMonth, hint }: DateFieldProps) {
  const [open, setOpen] = useState(false)
  // Mounted from the first opening on, so the dialog can close itself and hand focus back.
  const [used, setUsed] = useState(false)
  const close = () => {
    setOpen(false)
    onBlur?.()
  }
  const a11y = controlA11y(id, { error, hint: !!hint })
  // The button is named by the label; the chosen date is read as its description.
  const valueId = `${id}-value`
  const describedBy = [valueId, a11y['aria-describedby']].filter(Boolean).join(' ')
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
        className={`${controlClass(!!error)} flex items-center justify-between gap-3 text-left`}
        {...a11y}
        aria-describedby={describedBy}
      >
        <span id={valueId} className={value ? 'text-ink' : 'text-muted'}>
          {value || 'Choose a date'}
        </span>
        <CalendarDays aria-hidden="true" className="size-5 text-brand-700" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <DatePickerDialog
            open={open}
            title={label}
            description="Choose the year and month, then the day."
            selected={parseDateOfBirth(value)}
            from={from}
            to={to}
            initialMonth={initialMonth}
            onSelect={(date) => {
              onChange(formatDateOfBirth(date))
              close()
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </Field>
  )
}
