import * as z from 'zod/mini'
import type { User } from '@/lib/auth/get-userinfo'
import { abnDigits, personalDetailsErrors } from '@/lib/account-rules'
import { schemaWithErrors } from '@/lib/form-helpers'
import type { DetailsUpdate } from '../api/update-details'

/** What the details form edits; the type's own fields are '' for other types. */
export type DetailsValues = {
  firstName: string
  lastName: string
  /** A radio group with nothing chosen reads as null. */
  gender: string | null
  optIn: boolean
  nickName: string
  dateOfBirth: string
  businessName: string
  jobTitle: string
  abn: string
}

export function detailsFromUser(user: User): DetailsValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    gender: user.gender ?? '',
    optIn: user.optIn ?? true,
    nickName: user.nickName ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    businessName: user.businessName ?? '',
    jobTitle: user.jobTitle ?? '',
    abn: user.abn ?? '',
  }
}

/**
 * The first broken rule of each field. The spec's profile says 'Last name is required' for an
 * empty nickname, a copy-paste slip: it says 'Nick name is required' here as at sign-up.
 */
export function detailsErrors(form: DetailsValues, userType: string, today = new Date()) {
  return personalDetailsErrors(form, userType, today)
}

export function detailsSchema(userType: string) {
  return schemaWithErrors(
    {
      firstName: z.string(),
      lastName: z.string(),
      gender: z.nullable(z.string()),
      optIn: z.boolean(),
      nickName: z.string(),
      dateOfBirth: z.string(),
      businessName: z.string(),
      jobTitle: z.string(),
      abn: z.string(),
    },
    (form) => detailsErrors(form, userType),
  )
}

type PictureChange = { avatar?: number; profileImage?: string }

/**
 * The updatedetails payload: the form's values (or the saved ones) with the picture as saved
 * unless `picture` changes it. Sending the current file name keeps the uploaded picture.
 */
export function detailsUpdate(user: User, values: DetailsValues, picture: PictureChange = {}): DetailsUpdate {
  return {
    userId: user._id,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    gender: values.gender ?? '',
    optIn: values.optIn,
    avatar: picture.avatar ?? user.avatar,
    profileImage: picture.profileImage ?? user.profileImage ?? '',
    nickName: values.nickName.trim(),
    dateOfBirth: values.dateOfBirth,
    businessName: values.businessName.trim(),
    jobTitle: values.jobTitle.trim(),
    abn: abnDigits(values.abn),
  }
}
