import { Heart, Search } from 'lucide-react'
import { lazy, Suspense, type ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import type { User } from '@/lib/auth/get-userinfo'
import { AccountButtonContent, WhoBenefitsButtonContent } from './menu-buttons'
import {
  accountMenuLabel,
  CONTACT_LINK, FAVOURITES_LINK,
  LOGIN_LINK,
  MAIN_LINKS,
  SEARCH_LINK,
  SIGN_UP_LINK,
} from './nav-items'
import { ctaClass, outlineButtonClass, topLinkClass } from './styles'
import { useWideScreen } from './use-wide-screen'

const WhoBenefitsMenu = lazy(() => import('./header-menus').then((m) => ({ default: m.WhoBenefitsMenu })))
const AccountMenu = lazy(() => import('./header-menus').then((m) => ({ default: m.AccountMenu })))

type Props = { stage: boolean; user: User | null | undefined }

/** The desktop header nav (1280 px and up). */
export function DesktopNav({ stage, user }: Props) {
  return (
    <div className="hidden flex-1 items-center gap-4 xl:flex">
      <nav aria-label="Main" className="mx-auto">
        <ul className="flex items-center gap-1">
          {MAIN_LINKS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={topLinkClass(stage)}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <OnWideScreen fallback={<InertButton stage={stage}><WhoBenefitsButtonContent /></InertButton>}>
              <WhoBenefitsMenu stage={stage} />
            </OnWideScreen>
          </li>
          <li>
            <NavLink to={CONTACT_LINK.to} className={topLinkClass(stage)}>
              {CONTACT_LINK.label}
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="flex items-center gap-2">
        <Link to={SEARCH_LINK.to} className={ctaClass(stage)}>
          <Search aria-hidden="true" className="size-4" />
          {SEARCH_LINK.label}
        </Link>
        <AccountNav stage={stage} user={user} />
      </div>
    </div>
  )
}

function AccountNav({ stage, user }: Props) {
  // Nothing until we know who is here, so a logged-in user never sees 'Login' flash by.
  if (user === undefined) return <div className="w-40" aria-hidden="true" />
  if (user === null) {
    return (
      <>
        <NavLink to={LOGIN_LINK.to} className={topLinkClass(stage)}>
          {LOGIN_LINK.label}
        </NavLink>
        <Link to={SIGN_UP_LINK.to} className={outlineButtonClass(stage)}>
          {SIGN_UP_LINK.label}
        </Link>
      </>
    )
  }
  return (
    <>
      <NavLink to={FAVOURITES_LINK.to} className={topLinkClass(stage)}>
        <Heart aria-hidden="true" className="size-4" fill={user.hasFavourites ? 'currentColor' : 'none'} />
        {/* Icon only until 1536 px: at 1280 the logged-in header has no room for the word. */}
        <span className="sr-only 2xl:not-sr-only">{FAVOURITES_LINK.label}</span>
      </NavLink>
      <OnWideScreen
        fallback={
          <InertButton stage={stage} label={accountMenuLabel(user)}>
            <AccountButtonContent user={user} />
          </InertButton>
        }
      >
        <AccountMenu stage={stage} user={user} />
      </OnWideScreen>
    </>
  )
}

/**
 * A lazy menu, loaded only where the desktop nav shows: a phone never loads Headless UI's menus
 * for a nav it hides. `fallback` stands in meanwhile (and on a phone).
 */
function OnWideScreen({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const wide = useWideScreen()
  return wide ? <Suspense fallback={fallback}>{children}</Suspense> : fallback
}

/** Stands in for a menu button for the moment its code is loading, so nothing shifts. */
function InertButton({ stage, label, children }: { stage: boolean; label?: string; children: ReactNode }) {
  return (
    <button type="button" aria-haspopup="menu" aria-expanded="false" aria-label={label} className={topLinkClass(stage)}>
      {children}
    </button>
  )
}
