/**
 * The account rules shared by sign-up, password recovery and the profile: the spec's messages
 * word for word (section 5) and the checks behind them. The server applies the same rules.
 */

export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  emailInUse: 'This email address is already in use.',
  emailUnavailable: 'This email address is unavailable.',
  emailConfirmRequired: 'Confirm email is required',
  emailMismatch: 'Email does not match',
  passwordRequired: 'Password is required',
  passwordRule: 'Password must be at least 8 characters long, contain at least one capital letter and one number',
  passwordMismatch: 'Password does not match',
  currentPasswordRequired: 'Current password is required',
  genderRequired: 'Please select your gender',
  userTypeRequired: 'User Type is required',
  nickNameTaken: 'This Nick name is taken.',
  dateOfBirthRequired: 'Date of Birth is required',
  dateOfBirthRange: 'Date of Birth must be a date between 1 January 1900 and today',
  businessNameRequired: 'Business Name is required',
  jobTitleRequired: 'Job Title is required',
  abnRequired: 'ABN is required',
  abnInvalid: 'Please enter a valid ABN',
} as const

/** The server's limits, so a field never accepts what the server would refuse. */
export const NAME_MAX = 50
export const TEXT_MAX = 100
export const EMAIL_MAX = 254
export const PASSWORD_MAX = 128

/** How long the availability and ABN checks wait after the last keystroke (spec section 9). */
export const CHECK_DELAY_MS = 600

export const GENDERS = ['Male', 'Female', 'Other'] as const

/** The user types behind the sign-up's 'Other' choice, in the spec's order. */
export const OTHER_USER_TYPES = ['Parent', 'Career Advisor', 'Course Provider', 'Other'] as const

/** 'First name', 'Last name', 'Nick name': required, at least 2 characters. */
export function nameError(label: string, value: string): string | undefined {
  const length = [...value.trim()].length
  if (length === 0) return `${label} is required`
  if (length < 2) return `${label} must be at least 2 characters long`
  if (length > NAME_MAX) return `${label} must not be longer than ${NAME_MAX} characters`
  return undefined
}

/** Business Name and Job Title: required free text. */
export function requiredTextError(label: string, value: string): string | undefined {
  const length = [...value.trim()].length
  if (length === 0) return `${label} is required`
  if (length > TEXT_MAX) return `${label} must not be longer than ${TEXT_MAX} characters`
  return undefined
}

/** Emails are trimmed and lower-cased as they are typed (spec section 5). */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase()
}

// Something@something.tld, without spaces: the server's rule in short.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

export function emailError(value: string): string | undefined {
  const email = normaliseEmail(value)
  if (email === '') return ACCOUNT_MESSAGES.emailRequired
  if (email.length > EMAIL_MAX || !EMAIL_FORMAT.test(email)) return ACCOUNT_MESSAGES.emailInvalid
  return undefined
}

export function emailConfirmError(email: string, confirm: string): string | undefined {
  if (confirm.trim() === '') return ACCOUNT_MESSAGES.emailConfirmRequired
  if (normaliseEmail(confirm) !== normaliseEmail(email)) return ACCOUNT_MESSAGES.emailMismatch
  return undefined
}

/** A new password: at least 8 characters with a capital letter and a number. */
export function newPasswordError(value: string): string | undefined {
  if (value === '') return ACCOUNT_MESSAGES.passwordRequired
  if ([...value].length > PASSWORD_MAX) return `Password must not be longer than ${PASSWORD_MAX} characters`
  if (value.length < 8 || !/[A-Z]/.test(value) || !/\d/.test(value)) return ACCOUNT_MESSAGES.passwordRule
  return undefined
}

export function passwordConfirmError(password: string, confirm: string): string | undefined {
  return confirm === password ? undefined : ACCOUNT_MESSAGES.passwordMismatch
}

/** The ABN's digits, without the spaces people type between groups. */
export function abnDigits(value: string): string {
  return value.replace(/\s+/g, '')
}

/** The local ABN rule: required, then exactly 11 digits (the server then checks it). */
export function abnError(value: string): string | undefined {
  const digits = abnDigits(value)
  if (digits === '') return ACCOUNT_MESSAGES.abnRequired
  if (!/^\d{11}$/.test(digits)) return ACCOUNT_MESSAGES.abnInvalid
  return undefined
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const

/** The earliest date of birth the spec allows. */
export const EARLIEST_BIRTH_DATE = new Date(1900, 0, 1)

/** A date as the API sends dates of birth: 'DD MMMM YYYY', e.g. '04 March 2004'. */
export function formatDateOfBirth(date: Date): string {
  return `${String(date.getDate()).padStart(2, '0')} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`
}

/** Reads 'DD MMMM YYYY' back into a local date; null when it is not one. */
export function parseDateOfBirth(value: string): Date | null {
  const match = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(value.trim())
  if (!match) return null
  const month = MONTHS.findIndex((m) => m.toLowerCase() === match[2].toLowerCase())
  if (month < 0) return null
  const date = new Date(Number(match[3]), month, Number(match[1]))
  return date.getDate() === Number(match[1]) && date.getMonth() === month ? date : null
}

/** Required, and between 1 January 1900 and today. */
export function dateOfBirthError(value: string, today = new Date()): string | undefined {
  if (value.trim() === '') return ACCOUNT_MESSAGES.dateOfBirthRequired
  const date = parseDateOfBirth(value)
  const endOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate())
  if (!date || date < EARLIEST_BIRTH_DATE || date > endOfToday) return ACCOUNT_MESSAGES.dateOfBirthRange
  return undefined
}

/** Where a date-of-birth calendar opens when nothing is chosen yet: 1 January, 18 years back. */
export function eighteenYearsAgo(today: Date): Date {
  return new Date(today.getFullYear() - 18, 0, 1)
}

/** The personal fields that sign-up and the profile's details form share. */
export type PersonalDetails = {
  firstName: string
  lastName: string
  gender: string | null
  nickName: string
  dateOfBirth: string
  businessName: string
  jobTitle: string
  abn: string
}

/** The first broken rule of each personal field; the type's own fields only for its type. */
export function personalDetailsErrors(
  form: PersonalDetails,
  userType: string,
  today = new Date(),
): Partial<Record<keyof PersonalDetails, string>> {
  const errors: Partial<Record<keyof PersonalDetails, string>> = {
    firstName: nameError('First name', form.firstName),
    lastName: nameError('Last name', form.lastName),
    gender: (GENDERS as readonly string[]).includes(form.gender ?? '') ? undefined : ACCOUNT_MESSAGES.genderRequired,
  }
  if (userType === 'Student') {
    errors.nickName = nameError('Nick name', form.nickName)
    errors.dateOfBirth = dateOfBirthError(form.dateOfBirth, today)
  }
  if (userType === 'Employer') {
    errors.businessName = requiredTextError('Business Name', form.businessName)
    errors.jobTitle = requiredTextError('Job Title', form.jobTitle)
    errors.abn = abnError(form.abn)
  }
  return errors
}
