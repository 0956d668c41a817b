import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react'
import { LogOut } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { CountBadge } from '@/components/ui/count-badge'
import type { User } from '@/lib/auth/get-userinfo'
import { useLogout } from '@/lib/auth/logout'
import { AccountButtonContent, WhoBenefitsButtonContent } from './menu-buttons'
import { accountLinks, accountMenuLabel, WHO_BENEFITS_LINKS } from './nav-items'
import { menuItemClass, menuItemsClass, topLinkClass } from './styles'
import { AccountLinkText } from './unread'
import { accountLinkName, unreadSuffix, useUnread } from './unread-labels'

// Loaded lazily by the header (Headless UI is ~40 KB gzip): until then the same buttons render inert.

export function WhoBenefitsMenu({ stage }: { stage: boolean }) {
  const inSection = useLocation().pathname.startsWith('/who-benefits/')
  return (
    <Menu>
      <MenuButton className={topLinkClass(stage)} data-active={inSection || undefined}>
        <WhoBenefitsButtonContent />
      </MenuButton>
      <MenuItems anchor={{ to: 'bottom start', gap: 8 }} transition className={menuItemsClass}>
        {WHO_BENEFITS_LINKS.map((item) => (
          <MenuItem key={item.to}>
            <Link to={item.to} className={menuItemClass}>
              {item.label}
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}

export function AccountMenu({ stage, user }: { stage: boolean; user: User }) {
  const logout = useLogout()
  const unread = useUnread()
  return (
    <Menu>
      <MenuButton className={`${topLinkClass(stage)} relative`} aria-label={accountMenuLabel(user) + unreadSuffix(unread)}>
        <AccountButtonContent user={user} />
        {/* On the corner of the user icon, so the header does not shift when the count arrives. */}
        {!!unread && <CountBadge count={unread} small className="absolute -top-0.5 left-4" />}
      </MenuButton>
      <MenuItems anchor={{ to: 'bottom end', gap: 8 }} transition className={menuItemsClass}>
        {accountLinks(user).map((item) => (
          <MenuItem key={item.to}>
            <Link to={item.to} className={menuItemClass} aria-label={accountLinkName(item, unread)}>
              <AccountLinkText item={item} unread={unread} />
            </Link>
          </MenuItem>
        ))}
        <MenuSeparator className="my-1 h-px bg-line" />
        <MenuItem>
          <button type="button" className={menuItemClass} disabled={logout.isPending} onClick={() => logout.mutate()}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  )
}
