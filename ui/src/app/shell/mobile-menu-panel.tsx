import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Heart, LogOut, Search, X } from 'lucide-react'
import { Link, NavLink } from 'react-router'
import type { User } from '@/lib/auth/get-userinfo'
import { useLogout } from '@/lib/auth/logout'
import {
  accountLinks,
  CONTACT_LINK,
  FAVOURITES_LINK,
  LOGIN_LINK,
  MAIN_LINKS,
  SEARCH_LINK,
  SIGN_UP_LINK,
  WHO_BENEFITS_LINKS,
  type NavItem,
} from './nav-items'
import { ctaClass, outlineButtonClass } from './styles'
import { AccountLinkText } from './unread'
import { accountLinkName, useUnread } from './unread-labels'

type Props = { open: boolean; onClose: () => void; user: User | null | undefined }

const panelLinkClass =
  'flex items-center gap-2 rounded-md px-3 py-2.5 text-base font-medium text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700'

/** The menu panel, loaded lazily by MobileMenu: Headless UI is ~40 KB gzip, too much for the initial bundle. */
export default function MobileMenuPanel({ open, onClose, user }: Props) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex justify-end xl:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-brand-950/60 transition-opacity duration-200 data-closed:opacity-0"
      />
      <DialogPanel
        transition
        className="relative flex h-full w-full max-w-sm flex-col bg-white shadow-xl transition duration-200 ease-out data-closed:translate-x-full"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-line px-4">
          <DialogTitle className="text-lg font-semibold text-brand-950">Menu</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            className="inline-flex size-11 items-center justify-center rounded-md text-brand-950 hover:bg-brand-50"
          >
            <X aria-hidden="true" className="size-6" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-4 py-4">
          <LinkList items={MAIN_LINKS} onNavigate={onClose} />
          <h2 className="mt-4 px-3 text-xs font-semibold tracking-wide text-muted uppercase">Who Benefits</h2>
          <LinkList items={WHO_BENEFITS_LINKS} onNavigate={onClose} />
          <div className="mt-4 border-t border-line pt-4">
            <LinkList items={[CONTACT_LINK]} onNavigate={onClose} />
          </div>
          <Link to={SEARCH_LINK.to} onClick={onClose} className={`${ctaClass(false)} mt-4 w-full py-3`}>
            <Search aria-hidden="true" className="size-4" />
            {SEARCH_LINK.label}
          </Link>
          <AccountSection user={user} onNavigate={onClose} />
        </nav>
      </DialogPanel>
    </Dialog>
  )
}

function LinkList({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
  return (
    <ul className="mt-1 space-y-0.5">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end onClick={onNavigate} className={panelLinkClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}

function AccountSection({ user, onNavigate }: { user: User | null | undefined; onNavigate: () => void }) {
  if (user === undefined) return null
  if (user === null) {
    return (
      <div className="mt-4 grid grid-cols-2 gap-3 border-t border-line pt-4">
        <Link to={SIGN_UP_LINK.to} onClick={onNavigate} className={`${outlineButtonClass(false)} py-3`}>
          {SIGN_UP_LINK.label}
        </Link>
        <Link to={LOGIN_LINK.to} onClick={onNavigate} className={`${outlineButtonClass(false)} py-3`}>
          {LOGIN_LINK.label}
        </Link>
      </div>
    )
  }
  return <UserLinks user={user} onNavigate={onNavigate} />
}

/** A logged-in user's own entries; Notifications carries the unread count. */
function UserLinks({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const logout = useLogout()
  const unread = useUnread()
  return (
    <div className="mt-4 border-t border-line pt-4">
      <p className="px-3 text-sm text-muted">
        Logged in as <span className="font-semibold text-ink">{user.firstName} {user.lastName}</span>
      </p>
      <ul className="mt-2 space-y-0.5">
        <li>
          <NavLink to={FAVOURITES_LINK.to} onClick={onNavigate} className={panelLinkClass}>
            <Heart aria-hidden="true" className="size-5" fill={user.hasFavourites ? 'currentColor' : 'none'} />
            {FAVOURITES_LINK.label}
          </NavLink>
        </li>
        {accountLinks(user).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end onClick={onNavigate} className={panelLinkClass} aria-label={accountLinkName(item, unread)}>
              <AccountLinkText item={item} unread={unread} />
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
            className={`${panelLinkClass} w-full`}
          >
            <LogOut aria-hidden="true" className="size-5" />
            Logout
          </button>
        </li>
      </ul>
    </div>
  )
}
