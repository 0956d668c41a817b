import * as z from 'zod/mini'

export const USER_TYPES = ['Student', 'Employer', 'Parent', 'Career Advisor', 'Course Provider', 'Other'] as const

/** GET /api/userinfo: the logged-in user as the header, guards and profile need it. */
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
})

export type User = z.infer<typeof userinfoSchema>
