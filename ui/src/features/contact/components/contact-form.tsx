import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass, fieldIds } from '@/components/ui/form-field-props'
import { ApiError } from '@/lib/api-client'
import {
  BROWSER_TYPES,
  CONTACT_REASONS,
  DEVICE_TYPES,
  TECHNICAL_TYPES,
  useSendContact,
} from '../api/send-contact'
import {
  EMPTY_CONTACT_FORM,
  MESSAGE_MAX,
  MESSAGES,
  NAME_MAX,
  OTHER_MAX,
  TECHNICAL_FIELDS,
  contactFormSchema,
  toContactMessage,
  type ContactFormValues,
} from './contact-form-schema'

/** What the form says about itself, above the send button; any edit clears it. */
type Notice = { tone: 'error' | 'success'; messages: string[]; focus: boolean } | null

const numberFormat = new Intl.NumberFormat('en-AU')

/**
 * The contact form. Errors show once a field has been left (or after a send attempt) and
 * follow every edit after that. The send button reads as disabled while the form is invalid,
 * yet stays focusable and pressable (`aria-disabled`), so a click or Enter on an incomplete
 * form says what is missing instead of doing nothing.
 */
export function ContactForm() {
  const send = useSendContact()
  const [notice, setNotice] = useState<Notice>(null)
  const noticeRef = useRef<HTMLDivElement>(null)
  const {
    register,
    handleSubmit,
    control,
    reset,
    trigger,
    clearErrors,
    subscribe,
    formState: { errors, isValid, isSubmitted },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: EMPTY_CONTACT_FORM,
    mode: 'onTouched',
  })
  const [reason, technicalType, message] = useWatch({ control, name: ['reason', 'technicalType', 'message'] })
  const technical = reason === 'Technical enquiry'

  // Any edit by the user clears the form-level messages (a reset after sending is not an edit).
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          if (type === 'change') setNotice(null)
        },
      }),
    [subscribe],
  )

  // After a send, move the reader to what happened; after an invalid attempt react-hook-form
  // has already focused the first field in error.
  useEffect(() => {
    if (notice?.focus) noticeRef.current?.focus()
  }, [notice])

  // Switching the reason or the issue type changes which fields are required.
  const requirementsChanged = () => {
    if (isSubmitted) void trigger()
    else clearErrors([...TECHNICAL_FIELDS])
  }

  // The email is trimmed and lower-cased as it is typed. Registered where it is drawn, so
  // react-hook-form keeps the fields in page order and focuses the first error, not this one.
  const registerEmail = () => {
    const field = register('email')
    const onChange = (event: ChangeEvent<HTMLInputElement>) => {
      const normalised = event.target.value.trim().toLowerCase()
      // Only when it changes: rewriting the same value would move the caret to the end.
      if (normalised !== event.target.value) event.target.value = normalised
      return field.onChange(event)
    }
    return { ...field, onChange }
  }

  const onValid = async (values: ContactFormValues) => {
    if (send.isPending) return
    setNotice(null)
    try {
      await send.mutateAsync(toContactMessage(values))
      reset(EMPTY_CONTACT_FORM)
      setNotice({ tone: 'success', messages: [MESSAGES.sent], focus: true })
    } catch (error) {
      // The server's lines as they are; anything else (an answer we cannot read) stays generic.
      const messages =
        error instanceof ApiError ? error.messages.map((m) => m.msg) : ['Something went wrong. Please try again.']
      setNotice({ tone: 'error', messages, focus: true })
    }
  }
  const onInvalid = () => setNotice({ tone: 'error', messages: [MESSAGES.invalidSubmit], focus: false })

  const blocked = !isValid || send.isPending
  const a11y = (name: keyof ContactFormValues, hint = false) =>
    controlA11y(`contact-${name}`, { error: errors[name]?.message, hint })

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-6" aria-label="Contact form">
      <p className="text-sm text-muted">All fields are required.</p>

      <fieldset>
        <legend className="mb-2 font-medium text-ink">Reason</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {CONTACT_REASONS.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-muted/70 bg-white px-4 py-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                value={option}
                className="size-4 accent-brand-700 focus:outline-none"
                {...register('reason', { onChange: requirementsChanged })}
              />
              <span className="font-medium">{option}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-2">
        <Field id="contact-name" label="Name" error={errors.name?.message}>
          <input
            type="text"
            autoComplete="name"
            maxLength={NAME_MAX}
            required
            className={controlClass(!!errors.name)}
            {...a11y('name')}
            {...register('name')}
          />
        </Field>
        <Field id="contact-email" label="Email" error={errors.email?.message}>
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            className={controlClass(!!errors.email)}
            {...a11y('email')}
            {...registerEmail()}
          />
        </Field>
      </div>

      {technical && (
        <fieldset className="rounded-lg border border-line bg-surface px-4 pt-2 pb-5 sm:px-6 sm:pb-6">
          <legend className="px-1 font-semibold text-brand-950">Technical details</legend>
          <div className="grid gap-6 sm:grid-cols-3">
            <Field id="contact-technicalType" label="Technical issue type" error={errors.technicalType?.message}>
              <select
                required
                className={controlClass(!!errors.technicalType)}
                {...a11y('technicalType')}
                {...register('technicalType', { onChange: requirementsChanged })}
              >
                <option value="">Select…</option>
                {TECHNICAL_TYPES.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            </Field>
            <Field id="contact-deviceType" label="Device type" error={errors.deviceType?.message}>
              <select required className={controlClass(!!errors.deviceType)} {...a11y('deviceType')} {...register('deviceType')}>
                <option value="">Select…</option>
                {DEVICE_TYPES.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            </Field>
            <Field id="contact-browserType" label="Browser type" error={errors.browserType?.message}>
              <select required className={controlClass(!!errors.browserType)} {...a11y('browserType')} {...register('browserType')}>
                <option value="">Select…</option>
                {BROWSER_TYPES.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            </Field>
          </div>
          {technicalType === 'Other' && (
            <div className="mt-6">
              <Field
                id="contact-technicalTypeOther"
                label="Other"
                hint="Tell us briefly what the issue is about."
                error={errors.technicalTypeOther?.message}
              >
                <input
                  type="text"
                  maxLength={OTHER_MAX}
                  required
                  className={controlClass(!!errors.technicalTypeOther)}
                  {...a11y('technicalTypeOther', true)}
                  {...register('technicalTypeOther')}
                />
              </Field>
            </div>
          )}
        </fieldset>
      )}

      <Field
        id="contact-message"
        label="Message"
        aside={
          // The counter sits on the label's line and describes the text area like a hint.
          <span id={fieldIds('contact-message').hint} className="text-sm text-muted tabular-nums">
            {numberFormat.format(message.length)} of {numberFormat.format(MESSAGE_MAX)} characters
          </span>
        }
        error={errors.message?.message}
      >
        <textarea
          rows={7}
          maxLength={MESSAGE_MAX}
          required
          className={`${controlClass(!!errors.message)} min-h-40 resize-y`}
          {...a11y('message', true)}
          {...register('message')}
        />
      </Field>

      {notice && <FormMessage ref={noticeRef} tone={notice.tone} messages={notice.messages} />}

      <div>
        <button
          type="submit"
          aria-disabled={blocked}
          className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:bg-brand-700/60 aria-disabled:hover:bg-brand-700/60 sm:w-auto"
        >
          <Send aria-hidden="true" className="size-5" />
          {send.isPending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  )
}
