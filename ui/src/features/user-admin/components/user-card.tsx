import { ShieldCheck, Trash2 } from 'lucide-react'
import { dangerButton } from '@/components/ui/button-styles'
import { UserPicture } from '@/components/ui/user-picture'
import type { FoundUser } from '../api/search-user'

/**
 * The account found: picture, user type, names, email, gender, user type, and the business
 * name and ABN when the account has them; 'Delete User' asks first (see DeleteUserDialog).
 */
export function UserCard({ user, onDelete }: { user: FoundUser; onDelete: () => void }) {
  const name = `${user.firstName} ${user.lastName}`
  return (
    <article aria-labelledby="found-user-name" className="rounded-lg border border-line bg-white p-5 sm:p-6">
      <div className="flex items-center gap-4">
        <UserPicture user={user} className="size-16 shrink-0 sm:size-20" />
        <div className="min-w-0">
          <h2 id="found-user-name" className="text-xl font-bold break-words text-brand-950">
            {name}
          </h2>
          <p className="mt-1.5 flex flex-wrap gap-2">
            <span className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-semibold text-brand-900">{user.userType}</span>
            {user.isAdmin && (
              <span className="inline-flex items-center gap-1 rounded-full bg-accent-400 px-3 py-0.5 text-sm font-semibold text-ink">
                <ShieldCheck aria-hidden="true" className="size-4" />
                Admin
              </span>
            )}
          </p>
        </div>
      </div>
      <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Detail label="First name" value={user.firstName} />
        <Detail label="Last name" value={user.lastName} />
        <Detail label="Email" value={user.email} />
        <Detail label="Gender" value={user.gender || 'Not given'} />
        <Detail label="User type" value={user.userType} />
        {user.businessName && <Detail label="Business name" value={user.businessName} />}
        {user.abn && <Detail label="ABN" value={user.abn} />}
      </dl>
      <button type="button" className={`${dangerButton} mt-6`} onClick={onDelete}>
        <Trash2 aria-hidden="true" className="size-5" />
        Delete User
      </button>
    </article>
  )
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-medium break-words text-ink">{value}</dd>
    </div>
  )
}
