import { userPictureUrl } from '@/lib/avatar'

type UserPictureProps = {
  user: { userType: string; avatar?: number | null; profileImage?: string | null }
  /** Empty when the picture sits beside the user's name, which already says who it is. */
  alt?: string
  className?: string
}

/** A user's round picture: the uploaded image, else their default avatar. */
export function UserPicture({ user, alt = '', className = 'size-24' }: UserPictureProps) {
  return (
    <img
      src={userPictureUrl(user)}
      alt={alt}
      width={220}
      height={220}
      className={`aspect-square rounded-full border border-line bg-surface object-cover ${className}`}
    />
  )
}
