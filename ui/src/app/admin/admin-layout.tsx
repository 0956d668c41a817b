import { LogOut } from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { CountBadge } from '@/components/ui/count-badge'
import { ExportCsvButton } from '@/features/csv-export'
import { useLogout } from '@/lib/auth/logout'
import { ADMIN_PAGES, type AdminPage } from './admin-pages'

const item =
  'flex w-full items-center gap-3 whitespace-nowrap rounded-md px-3 py-2.5 text-left font-medium text-ink hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 disabled:cursor-wait disabled:opacity-60'

/**
 * The admin area's pages: a title band, the spec's side menu (Moderate Reviews with the count
 * of unactioned reviews, Promotion Strip, Edit Content, Export CSV, Users, Logout) and the page.
 */
export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <div className="border-b border-line bg-surface">
        <div className="container-page py-8 sm:py-10">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">{title}</h1>
        </div>
      </div>
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-8 py-8 sm:py-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <AdminMenu />
        <div className="min-w-0">{children}</div>
      </div>
    </>
  )
}

function AdminMenu() {
  const logout = useLogout()
  return (
    <nav aria-label="Admin" className="lg:pt-1">
      <ul className="flex flex-wrap gap-1 lg:flex-col">
        {ADMIN_PAGES.slice(0, 3).map((page) => (
          <MenuLink key={page.path} page={page} />
        ))}
        <li>
          <ExportCsvButton className={item} />
        </li>
        {ADMIN_PAGES.slice(3).map((page) => (
          <MenuLink key={page.path} page={page} />
        ))}
        <li>
          <button type="button" className={item} disabled={logout.isPending} onClick={() => logout.mutate()}>
            <LogOut aria-hidden="true" className="size-5 shrink-0" />
            Logout
          </button>
        </li>
      </ul>
    </nav>
  )
}

// The spec's menu order puts the Export CSV action after the first three pages.
function MenuLink({ page }: { page: AdminPage }) {
  const { label, path, icon: Icon, countLabel } = page
  const count = (page.useCount ?? noCount)()
  return (
    <li>
      <NavLink
        to={path}
        end
        className={item}
        // The count's own words, the same in every browser (the badge alone reads as a bare number).
        aria-label={count !== undefined ? `${label}, ${count} ${countLabel ?? ''}`.trim() : undefined}
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {label}
        {count !== undefined && <CountBadge count={count} className="ml-auto" />}
      </NavLink>
    </li>
  )
}

const noCount = (): number | undefined => undefined
