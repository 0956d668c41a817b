import { ChevronDown, CircleUserRound } from 'lucide-react'
import type { User } from '@/lib/auth/get-userinfo'

/** What the header's menu buttons show, shared by the inert stand-ins and the real menus. */
export function WhoBenefitsButtonContent() {
  return (
    <>
      Who Benefits
      <ChevronDown aria-hidden="true" className="size-4" />
    </>
  )
}

export function AccountButtonContent({ user }: { user: User }) {
  return (
    <>
      <CircleUserRound aria-hidden="true" className="size-5" />
      <span className="max-w-32 truncate">{user.firstName}</span>
      <ChevronDown aria-hidden="true" className="size-4" />
    </>
  )
}
