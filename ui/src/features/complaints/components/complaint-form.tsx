import { zodResolver } from '@hookform/resolvers/zod'
import { Scale } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { primaryButton } from '@/components/ui/button-styles'
import { Field, FieldError, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass } from '@/components/ui/form-field-props'
import { ApiError } from '@/lib/api-client'
import { useFileComplaint } from '../api/file-complaint'
import {
  EMPTY_COMPLAINT,
  LINK_MAX,
  MESSAGES,
  NAME_MAX,
  TEXT_MAX,
  WORDS_MAX,
  complaintSchema,
  toComplaintBody,
  type ComplaintValues,
} from './complaint-schema'

type Notice = { tone: 'error' | 'success'; messages: string[] } | null

/**
 * The legal complaint: the elements of a concerns notice, each with its message. The link
 * comes filled in from 'Make a legal complaint'; anyone may send it, logged in or not.
 */
export function ComplaintForm({ link }: { link: string }) {
  const file = useFileComplaint()
  const [notice, setNotice] = useState<Notice>(null)
  const noticeRef = useRef<HTMLDivElement>(null)
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<ComplaintValues>({
    resolver: zodResolver(complaintSchema),
    defaultValues: { ...EMPTY_COMPLAINT, link },
    mode: 'onTouched',
  })
  const onBehalf = useWatch({ control, name: 'onBehalf' })

  useEffect(() => {
    if (notice) noticeRef.current?.focus()
  }, [notice])

  const onValid = async (values: ComplaintValues) => {
    if (file.isPending) return
    setNotice(null)
    try {
      const received = await file.mutateAsync(toComplaintBody(values))
      reset({ ...EMPTY_COMPLAINT, link })
      setNotice({ tone: 'success', messages: [received.msg, `Your reference is ${received.reference}. We have mailed you a copy.`] })
    } catch (error) {
      const messages = error instanceof ApiError ? error.messages.map((m) => m.msg) : ['Something went wrong. Please try again.']
      setNotice({ tone: 'error', messages })
    }
  }
  const a11y = (name: keyof ComplaintValues, hint = false) => controlA11y(`complaint-${name}`, { error: errors[name]?.message, hint })

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-6" aria-label="Legal complaint">
      <p className="text-sm text-muted">All fields are required.</p>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field id="complaint-name" label="Your name" error={errors.name?.message}>
          <input type="text" autoComplete="name" maxLength={NAME_MAX} className={controlClass(!!errors.name)} {...a11y('name')} {...register('name')} />
        </Field>
        <Field id="complaint-email" label="Your email" error={errors.email?.message}>
          <input type="email" autoComplete="email" className={controlClass(!!errors.email)} {...a11y('email')} {...register('email')} />
        </Field>
      </div>

      <fieldset aria-describedby={errors.onBehalf ? 'complaint-onBehalf-error' : undefined}>
        <legend className="mb-2 font-medium text-ink">You complain</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ['myself', 'For myself'],
              ['organisation', 'For an organisation'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-muted/70 bg-white px-4 py-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              <input type="radio" value={value} className="size-4 accent-brand-700 focus:outline-none" {...register('onBehalf')} />
              <span className="font-medium">{label}</span>
            </label>
          ))}
        </div>
        <FieldError id="complaint-onBehalf-error" message={errors.onBehalf?.message} />
      </fieldset>

      {onBehalf === 'organisation' && (
        <Field id="complaint-organisation" label="The organisation's name" error={errors.organisation?.message}>
          <input type="text" autoComplete="organization" maxLength={NAME_MAX} className={controlClass(!!errors.organisation)} {...a11y('organisation')} {...register('organisation')} />
        </Field>
      )}

      <Field
        id="complaint-link"
        label="Link to the review or reply"
        error={errors.link?.message}
        hint="Filled in when you come from 'Make a legal complaint' under the review or reply."
      >
        <input type="url" maxLength={LINK_MAX} className={controlClass(!!errors.link)} {...a11y('link', true)} {...register('link')} />
      </Field>
      <Field id="complaint-words" label="The words you complain of" error={errors.words?.message} hint="Copy the exact words from the review or reply.">
        <textarea rows={4} maxLength={WORDS_MAX} className={controlClass(!!errors.words)} {...a11y('words', true)} {...register('words')} />
      </Field>
      <Field
        id="complaint-imputations"
        label="Why they are defamatory of you"
        error={errors.imputations?.message}
        hint="What the words say or suggest about you, and why that is untrue or unfair."
      >
        <textarea rows={4} maxLength={TEXT_MAX} className={controlClass(!!errors.imputations)} {...a11y('imputations', true)} {...register('imputations')} />
      </Field>
      <Field
        id="complaint-harm"
        label="The harm they cause you"
        error={errors.harm?.message}
        hint="The serious harm to your reputation (for a business, the serious financial loss) they cause or are likely to cause."
      >
        <textarea rows={4} maxLength={TEXT_MAX} className={controlClass(!!errors.harm)} {...a11y('harm', true)} {...register('harm')} />
      </Field>

      <div>
        <label className="flex items-start gap-3">
          <input type="checkbox" className="mt-1 size-4 accent-brand-700" {...a11y('declaration')} {...register('declaration')} />
          <span>I declare that the information in this complaint is true and correct.</span>
        </label>
        <FieldError id="complaint-declaration-error" message={errors.declaration?.message} />
      </div>

      {Object.keys(errors).length > 0 && <FormMessage tone="error" messages={[MESSAGES.invalidSubmit]} />}
      {notice && <FormMessage ref={noticeRef} tone={notice.tone} messages={notice.messages} />}

      <button type="submit" className={primaryButton} disabled={file.isPending}>
        <Scale aria-hidden="true" className="size-5" />
        Send complaint
      </button>
    </form>
  )
}
