import * as z from 'zod/mini'
import {
  abnDigits,
  ACCOUNT_MESSAGES,
  emailConfirmError,
  emailError,
  newPasswordError,
  normaliseEmail,
  OTHER_USER_TYPES,
  passwordConfirmError,
  personalDetailsErrors,
} from '@/lib/account-rules'
import { schemaWithErrors } from '@/lib/form-helpers'
import type { Registration } from '../api/register'

/** The three choices of the sign-up's landing step. */
export type SignUpKind = 'Employer' | 'Student' | 'Other'

export const SIGN_UP_KINDS: { kind: SignUpKind; label: string; description: string }[] = [
  {
    kind: 'Employer',
    label: 'Employer',
    description: 'Rate how well course providers prepare the people you hire.',
  },
  {
    kind: 'Student',
    label: 'Student or Graduate',
    description: 'Rate the course you did and the provider who delivered it.',
  },
  {
    kind: 'Other',
    label: 'Other',
    description: 'Parent, Career Advisor, Course Provider or anyone else: read ratings and reviews.',
  },
]

export type SignUpValues = {
  userType: string
  firstName: string
  lastName: string
  nickName: string
  dateOfBirth: string
  businessName: string
  jobTitle: string
  abn: string
  email: string
  emailConfirm: string
  password: string
  passwordConfirm: string
  /** A radio group with nothing chosen reads as null. */
  gender: string | null
  avatar: number
  /** The cropped picture as a PNG data URL, or '' for none. */
  profileImage: string
  optIn: boolean
}

export type SignUpField = keyof SignUpValues

/** A fresh form for a type: Employer and Student preset the user type, Other leaves it to a select. */
export function emptySignUp(kind: SignUpKind): SignUpValues {
  return {
    userType: kind === 'Other' ? '' : kind,
    firstName: '',
    lastName: '',
    nickName: '',
    dateOfBirth: '',
    businessName: '',
    jobTitle: '',
    abn: '',
    email: '',
    emailConfirm: '',
    password: '',
    passwordConfirm: '',
    gender: '',
    avatar: 0,
    profileImage: '',
    optIn: true,
  }
}

/** The first broken rule of each field, for the type being signed up. */
export function signUpErrors(form: SignUpValues, kind: SignUpKind, today = new Date()): Partial<Record<SignUpField, string>> {
  const userTypeOk = kind === 'Other' ? (OTHER_USER_TYPES as readonly string[]).includes(form.userType) : form.userType === kind
  return {
    userType: userTypeOk ? undefined : ACCOUNT_MESSAGES.userTypeRequired,
    ...personalDetailsErrors(form, kind, today),
    email: emailError(form.email),
    emailConfirm: emailConfirmError(form.email, form.emailConfirm),
    password: newPasswordError(form.password),
    passwordConfirm: passwordConfirmError(form.password, form.passwordConfirm),
  }
}

export function signUpSchema(kind: SignUpKind) {
  return schemaWithErrors(
    {
      userType: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      nickName: z.string(),
      dateOfBirth: z.string(),
      businessName: z.string(),
      jobTitle: z.string(),
      abn: z.string(),
      email: z.string(),
      emailConfirm: z.string(),
      password: z.string(),
      passwordConfirm: z.string(),
      gender: z.nullable(z.string()),
      avatar: z.number(),
      profileImage: z.string(),
      optIn: z.boolean(),
    },
    (form) => signUpErrors(form, kind),
  )
}

/** The registration payload: trimmed text, and only the fields of the chosen type. */
export function toRegistration(form: SignUpValues, kind: SignUpKind): Registration {
  const registration: Registration = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: normaliseEmail(form.email),
    emailConfirm: normaliseEmail(form.emailConfirm),
    password: form.password,
    passwordConfirm: form.passwordConfirm,
    userType: form.userType,
    avatar: form.avatar,
    gender: form.gender ?? '',
    optIn: form.optIn,
  }
  if (kind === 'Student') {
    registration.nickName = form.nickName.trim()
    registration.dateOfBirth = form.dateOfBirth
  }
  if (kind === 'Employer') {
    registration.businessName = form.businessName.trim()
    registration.jobTitle = form.jobTitle.trim()
    registration.abn = abnDigits(form.abn)
  }
  if (kind !== 'Other' && form.profileImage) registration.profileImage = form.profileImage
  return registration
}
