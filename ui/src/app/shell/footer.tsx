import { ArrowRight, ExternalLink, Search } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Logo } from '@/components/ui/logo'
import { BRAND, GOVERNMENT_SKILLS_SITE } from '@/config/site'
import { useUser } from '@/lib/auth/get-userinfo'
import { useLogout } from '@/lib/auth/logout'
import {
  CONTACT_LINK,
  FOOTER_INDUSTRY_LINKS,
  LEGAL_LINKS,
  LOGIN_LINK,
  MAIN_LINKS,
  WHO_BENEFITS_LINKS,
  type NavItem,
} from './nav-items'

type FooterProps = { alt: boolean; hasSearch: boolean }

/** The site footer; `alt` is the light variant, `hasSearch` adds the search prompt. */
export default function Footer({ alt, hasSearch }: FooterProps) {
  const tone = alt ? 'bg-surface text-ink border-t border-line' : 'on-dark bg-brand-950 text-brand-100'
  const heading = alt ? 'text-brand-950' : 'text-white'
  const link = alt ? 'text-muted hover:text-brand-700' : 'text-brand-100 hover:text-white'
  const [year] = useState(() => new Date().getFullYear())

  return (
    <footer className={tone} data-variant={alt ? 'alt' : 'default'}>
      {hasSearch && <SearchPrompt alt={alt} />}
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="col-span-2 lg:col-span-1">
          <Logo dark={!alt} />
          <p className={`mt-4 max-w-xs text-sm ${alt ? 'text-muted' : 'text-brand-200'}`}>
            Honest reviews of Australian vocational courses and the providers who deliver them.
          </p>
        </div>
        <FooterColumn title={BRAND} headingClass={heading}>
          {[MAIN_LINKS[0], MAIN_LINKS[1], CONTACT_LINK].map((item) => (
            <FooterLink key={item.to} item={item} className={link} />
          ))}
          <LoginOrLogout className={link} />
        </FooterColumn>
        <FooterColumn title="Who Benefits" headingClass={heading}>
          {WHO_BENEFITS_LINKS.map((item) => (
            <FooterLink key={item.to} item={item} className={link} />
          ))}
        </FooterColumn>
        <FooterColumn title="Popular Industries" headingClass={heading}>
          {FOOTER_INDUSTRY_LINKS.map((item) => (
            <FooterLink key={item.to} item={item} className={link} />
          ))}
        </FooterColumn>
        <FooterColumn title="Career Help" headingClass={heading}>
          <li>
            <a
              href={GOVERNMENT_SKILLS_SITE.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`inline-flex items-center gap-1.5 rounded-sm ${link}`}
            >
              {GOVERNMENT_SKILLS_SITE.label}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <p className={`mt-1 text-xs ${alt ? 'text-muted' : 'text-brand-200'}`}>
              The Australian Government's careers and training site
            </p>
          </li>
        </FooterColumn>
      </div>
      <div className={`border-t ${alt ? 'border-line' : 'border-white/15'}`}>
        <div className="container-page flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <p>
              © {year} {BRAND}
            </p>
            {/* The licence of the register's data asks for this attribution (DESIGN decision 28). */}
            <p data-testid="register-attribution" className="text-xs">
              Course and provider details from the National Training Register (
              <a href="https://training.gov.au/" className={`${link} underline`}>
                training.gov.au
              </a>
              ), licensed under{' '}
              <a href="https://creativecommons.org/licenses/by/4.0/" className={`${link} underline`}>
                CC BY 4.0
              </a>
              .
            </p>
            {/* GeoNames' postcode locations (CC BY 4.0) place the register's providers. */}
            <p data-testid="postcode-attribution" className="text-xs">
              Postcode locations from{' '}
              <a href="https://www.geonames.org/" className={`${link} underline`}>
                GeoNames
              </a>
              , licensed under CC BY 4.0.
            </p>
          </div>
          <ul className="flex gap-6">
            {LEGAL_LINKS.map((item) => (
              <FooterLink key={item.to} item={item} className={link} />
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
}

function SearchPrompt({ alt }: { alt: boolean }) {
  return (
    <div className={alt ? 'bg-brand-700 text-white on-dark' : 'border-b border-white/15'}>
      <div className="container-page py-8">
        <Link
          to="/search"
          className="group flex items-center gap-4 rounded-lg text-white sm:justify-between"
        >
          <span className="flex items-center gap-4">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-400 text-brand-950">
              <Search aria-hidden="true" className="size-6" />
            </span>
            <span className="text-2xl font-bold tracking-tight">Search for your course</span>
          </span>
          <ArrowRight aria-hidden="true" className="hidden size-6 transition-transform group-hover:translate-x-1 sm:block" />
        </Link>
      </div>
    </div>
  )
}

function FooterColumn({ title, headingClass, children }: { title: string; headingClass: string; children: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className={`text-sm font-semibold ${headingClass}`}>{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">{children}</ul>
    </nav>
  )
}

function FooterLink({ item, className }: { item: NavItem; className: string }) {
  return (
    <li>
      <Link to={item.to} className={`rounded-sm ${className}`}>
        {item.label}
      </Link>
    </li>
  )
}

function LoginOrLogout({ className }: { className: string }) {
  const user = useUser()
  const logout = useLogout()
  if (!user) return <FooterLink item={LOGIN_LINK} className={className} />
  return (
    <li>
      <button
        type="button"
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
        className={`cursor-pointer rounded-sm ${className}`}
      >
        Logout
      </button>
    </li>
  )
}
