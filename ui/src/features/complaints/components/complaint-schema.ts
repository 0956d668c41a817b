import * as z from 'zod/mini'
import type { ComplaintBody } from '../api/file-complaint'

export const NAME_MAX = 100
export const LINK_MAX = 500
export const WORDS_MAX = 2000
export const TEXT_MAX = 3000

/** The server's messages, word for word, so the form and the API say the same thing. */
export const MESSAGES = {
  name: 'Name is required',
  email: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  onBehalf: 'Say whether you complain for yourself or for an organisation',
  organisation: 'Organisation name is required',
  link: 'Link to the review or reply is required',
  linkInvalid: 'This link is not to a published review or reply on this site',
  words: 'The words you complain of are required',
  imputations: 'Say why the words are defamatory of you',
  harm: 'Describe the harm the words cause you',
  declaration: 'Please declare that what you wrote is true',
  invalidSubmit: 'Please complete every part of the form.',
} as const

export type ComplaintValues = ComplaintBody
type Field = keyof ComplaintValues

export const EMPTY_COMPLAINT: ComplaintValues = {
  name: '',
  email: '',
  onBehalf: '',
  organisation: '',
  link: '',
  words: '',
  imputations: '',
  harm: '',
  declaration: false,
}

const tooLong = (label: string, limit: number) => `${label} must not be longer than ${limit} characters`
const emailFormat = z.email()
/** A link from 'Make a legal complaint': it ends `#review-ID` or `#reply-ID`. */
export const TARGET = /#(review|reply)-[1-9][0-9]*$/

/** Each field's first broken rule, as the server checks them. */
export function complaintErrors(form: ComplaintValues): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {}
  const blank = (value: string) => value.trim() === ''
  const text = (field: 'name' | 'organisation' | 'link' | 'words' | 'imputations' | 'harm', missing: string, label: string, max: number) => {
    if (blank(form[field])) errors[field] = missing
    else if (form[field].trim().length > max) errors[field] = tooLong(label, max)
  }
  text('name', MESSAGES.name, 'Name', NAME_MAX)
  if (blank(form.email)) errors.email = MESSAGES.email
  else if (!emailFormat.safeParse(form.email.trim()).success) errors.email = MESSAGES.emailInvalid
  if (form.onBehalf === '') errors.onBehalf = MESSAGES.onBehalf
  if (form.onBehalf === 'organisation') text('organisation', MESSAGES.organisation, 'Organisation name', NAME_MAX)
  text('link', MESSAGES.link, 'Link', LINK_MAX)
  if (!errors.link && !TARGET.test(form.link.trim())) errors.link = MESSAGES.linkInvalid
  text('words', MESSAGES.words, 'The words', WORDS_MAX)
  text('imputations', MESSAGES.imputations, 'Why they are defamatory', TEXT_MAX)
  text('harm', MESSAGES.harm, 'The harm', TEXT_MAX)
  if (!form.declaration) errors.declaration = MESSAGES.declaration
  return errors
}

export const complaintSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    onBehalf: z.enum(['myself', 'organisation', '']),
    organisation: z.string(),
    link: z.string(),
    words: z.string(),
    imputations: z.string(),
    harm: z.string(),
    declaration: z.boolean(),
  })
  .check(
    z.superRefine((form, ctx) => {
      for (const [field, message] of Object.entries(complaintErrors(form))) {
        ctx.addIssue({ code: 'custom', path: [field], message, input: form[field as Field] })
      }
    }),
  )

/** What is sent: trimmed text, the organisation only when it applies. */
export function toComplaintBody(form: ComplaintValues): ComplaintBody {
  return {
    ...form,
    name: form.name.trim(),
    email: form.email.trim().toLowerCase(),
    organisation: form.onBehalf === 'organisation' ? form.organisation.trim() : '',
    link: form.link.trim(),
    words: form.words.trim(),
    imputations: form.imputations.trim(),
    harm: form.harm.trim(),
  }
}
