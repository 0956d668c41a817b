/**
 * A user's picture: their uploaded profile image when they have one, else one of the default
 * avatars of their user type.
 *
 * The default avatars ship with the UI in `public/assets/img/avatars/`, six per user type, named
 * as the spec says: `{userType}-avatar-{n}.png` with n from 0 to 5, where a user type with a space
 * has it replaced by '-' (`Career-Advisor-avatar-3.png`, `Course-Provider-avatar-0.png`).
 * Uploaded images are served by the app at `/media/<file name>`.
 */

/** How many default avatars each user type has (the server accepts 0 to 5). */
export const AVATAR_COUNT = 6

export const AVATAR_CHOICES: readonly number[] = Array.from({ length: AVATAR_COUNT }, (_, n) => n)

/** Users who may upload their own picture (the spec: Students and Employers). */
export function mayUploadPicture(userType: string): boolean {
  return userType === 'Student' || userType === 'Employer'
}

/** The URL of a default avatar; an unknown type or number falls back to 'Other' and 0. */
export function defaultAvatarUrl(userType: string, avatar: number): string {
  const type = KNOWN_TYPES.has(userType) ? userType : 'Other'
  const n = Number.isInteger(avatar) && avatar >= 0 && avatar < AVATAR_COUNT ? avatar : 0
  return `/assets/img/avatars/${type.replaceAll(' ', '-')}-avatar-${n}.png`
}

const KNOWN_TYPES = new Set(['Student', 'Employer', 'Parent', 'Career Advisor', 'Course Provider', 'Other'])

type PictureOwner = { userType: string; avatar?: number | null; profileImage?: string | null }

/** The picture to show for a user. */
export function userPictureUrl({ userType, avatar, profileImage }: PictureOwner): string {
  if (profileImage) {
    // A freshly cropped image not yet saved is a data URL; a saved one is a file name.
    if (profileImage.startsWith('data:')) return profileImage
    return `/media/${encodeURIComponent(profileImage)}`
  }
  return defaultAvatarUrl(userType, avatar ?? 0)
}
