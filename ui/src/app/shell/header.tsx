import { Search } from 'lucide-react'
import { Link } from 'react-router'
import { Logo } from '@/components/ui/logo'
import { useUser } from '@/lib/auth/get-userinfo'
import { DesktopNav } from './desktop-nav'
import { MobileMenu } from './mobile-menu'
import { SEARCH_LINK } from './nav-items'
import { ctaClass } from './styles'

/** The site header: a horizontal nav from 1280 px up, a hamburger panel below that. */
export function Header({ stage }: { stage: boolean }) {
  const user = useUser()
  return (
    <header
      className={stage ? 'on-dark bg-brand-950 text-white' : 'border-b border-line bg-white text-ink'}
      data-variant={stage ? 'stage' : 'default'}
    >
      <div className="container-page flex h-16 items-center gap-6 sm:h-20">
        <Link to="/" className="shrink-0 rounded-md">
          <Logo dark={stage} />
        </Link>
        <DesktopNav stage={stage} user={user} />
        <div className="ml-auto flex items-center gap-2 xl:hidden">
          <div className="hidden sm:block">
            <Link to={SEARCH_LINK.to} className={ctaClass(stage)}>
              <Search aria-hidden="true" className="size-4" />
              {SEARCH_LINK.label}
            </Link>
          </div>
          <MobileMenu stage={stage} user={user} />
        </div>
      </div>
    </header>
  )
}
