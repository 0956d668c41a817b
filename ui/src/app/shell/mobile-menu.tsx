import { Menu as MenuIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useLocation } from 'react-router'
import type { User } from '@/lib/auth/get-userinfo'

const MobileMenuPanel = lazy(() => import('./mobile-menu-panel'))
// Lazy like the panel: the unread count's code stays out of the initial bundle.
const MenuButtonUnread = lazy(() => import('./unread'))

type Props = { stage: boolean; user: User | null | undefined }

/** The phone and tablet menu: a focus-trapped side panel that Escape or any navigation closes. */
export function MobileMenu({ stage, user }: Props) {
  const { key } = useLocation()
  // The menu is open for one location only, so navigating anywhere (back and forward too) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === key

  return (
    <>
      <button
        type="button"
        onClick={() => setOpenAt(key)}
        aria-expanded={open}
        aria-haspopup="dialog"
        className={`relative inline-flex size-11 items-center justify-center rounded-md ${stage ? 'text-white hover:bg-white/10' : 'text-brand-950 hover:bg-brand-50'}`}
      >
        <MenuIcon aria-hidden="true" className="size-6" />
        <span className="sr-only">
          Open menu
          {user && (
            <Suspense fallback={null}>
              <MenuButtonUnread part="words" />
            </Suspense>
          )}
        </span>
        {user && (
          <Suspense fallback={null}>
            <MenuButtonUnread part="badge" />
          </Suspense>
        )}
      </button>
      <Suspense fallback={null}>
        <MobileMenuPanel open={open} onClose={() => setOpenAt(null)} user={user} />
      </Suspense>
    </>
  )
}
