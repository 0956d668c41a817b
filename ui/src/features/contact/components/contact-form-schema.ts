import * as z from 'zod/mini'
import { CONTACT_REASONS, type ContactMessage } from '../api/send-contact'

export const NAME_MAX = 100
export const MESSAGE_MAX = 5000
export const OTHER_MAX = 200

/** The spec's messages, with two of its typos corrected (README 'Where we differ from the specification'). */
export const MESSAGES = {
  name: 'Name is required',
  email: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  message: 'Message is required',
  technicalType: 'Technical issue type is required',
  deviceType: 'Device type is required',
  browserType: 'Browser type is required',
  technicalTypeOther: 'Other is required',
  invalidSubmit: 'Please fill in all fields.',
  sent: 'Thank you for your message. It has been sent.',
} as const

// The server's wording for its length limits, so both sides say the same thing.
const tooLong = (label: string, limit: number) => `${label} must not be longer than ${limit} characters`

export type ContactFormValues = ContactMessage
export type ContactField = keyof ContactFormValues

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  reason: 'General enquiry',
  name: '',
  email: '',
  message: '',
  technicalType: '',
  technicalTypeOther: '',
  deviceType: '',
  browserType: '',
}

/** The fields only a technical enquiry asks for. */
export const TECHNICAL_FIELDS = ['technicalType', 'technicalTypeOther', 'deviceType', 'browserType'] as const

const emailFormat = z.email()

/**
 * The spec's rules as one list of field errors, the first rule broken per field. A general
 * enquiry drops the technical requirements; the issue type 'Other' adds its text field.
 */
export function contactFormErrors(form: ContactFormValues): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {}
  const blank = (value: string) => value.trim() === ''

  if (blank(form.name)) errors.name = MESSAGES.name
  else if (form.name.length > NAME_MAX) errors.name = tooLong('Name', NAME_MAX)

  if (blank(form.email)) errors.email = MESSAGES.email
  else if (!emailFormat.safeParse(form.email.trim()).success) errors.email = MESSAGES.emailInvalid

  if (blank(form.message)) errors.message = MESSAGES.message
  else if (form.message.length > MESSAGE_MAX) errors.message = tooLong('Message', MESSAGE_MAX)

  if (form.reason === 'Technical enquiry') {
    if (blank(form.technicalType)) errors.technicalType = MESSAGES.technicalType
    if (blank(form.deviceType)) errors.deviceType = MESSAGES.deviceType
    if (blank(form.browserType)) errors.browserType = MESSAGES.browserType
    if (form.technicalType === 'Other' && blank(form.technicalTypeOther)) {
      errors.technicalTypeOther = MESSAGES.technicalTypeOther
    } else if (form.technicalType === 'Other' && form.technicalTypeOther.length > OTHER_MAX) {
      errors.technicalTypeOther = tooLong('Other', OTHER_MAX)
    }
  }
  return errors
}

/** The form's zod schema for react-hook-form: every value a string, the rules above on top. */
export const contactFormSchema = z
  .object({
    reason: z.enum(CONTACT_REASONS),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    technicalType: z.string(),
    technicalTypeOther: z.string(),
    deviceType: z.string(),
    browserType: z.string(),
  })
  .check(
    z.superRefine((form, ctx) => {
      for (const [field, message] of Object.entries(contactFormErrors(form))) {
        ctx.addIssue({ code: 'custom', path: [field], message, input: form[field as ContactField] })
      }
    }),
  )

/** What is sent: trimmed text, and the technical fields only when they apply. */
export function toContactMessage(form: ContactFormValues): ContactMessage {
  const technical = form.reason === 'Technical enquiry'
  return {
    reason: form.reason,
    name: form.name.trim(),
    email: form.email.trim().toLowerCase(),
    message: form.message.trim(),
    technicalType: technical ? form.technicalType : '',
    technicalTypeOther: technical && form.technicalType === 'Other' ? form.technicalTypeOther.trim() : '',
    deviceType: technical ? form.deviceType : '',
    browserType: technical ? form.browserType : '',
  }
}
