import * as z from 'zod/mini'

export const USER_TYPES = ['Student', 'Employer', 'Parent', 'Career Advisor', 'Course Provider', 'Other'] as const

export type UserType = (typeof USER_TYPES)[number]

const optionalText = z.optional(z.nullable(z.string()))

/**
 * GET /api/userinfo: the logged-in user as the header, guards and profile need it. The
 * profile's own fields are optional here so that a caller that only needs the basics (the
 * header, the guards, their test fixtures) need not spell them out.
 */
export const userinfoSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  isAdmin: z.boolean(),
  avatar: z._default(z.number(), 0),
  profileImage: z._default(z.nullable(z.string()), null),
  hasFavourites: z._default(z.boolean(), false),
  gender: optionalText,
  optIn: z.optional(z.boolean()),
  nickName: optionalText,
  dateOfBirth: optionalText,
  businessName: optionalText,
  jobTitle: optionalText,
  abn: optionalText,
})

export type User = z.infer<typeof userinfoSchema>

/** GET /api/userinfo's whole answer: the user, or null for a visitor without a session. */
export const sessionSchema = z.nullable(userinfoSchema)
