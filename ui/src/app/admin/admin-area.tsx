import { Suspense } from 'react'
import { useLocation } from 'react-router'
import { PageSkeleton } from '@/components/ui/page-skeleton'
import { AdminLayout } from './admin-layout'
import { ADMIN_PAGES } from './admin-pages'

/**
 * The admin area's pages behind one lazy import: the route table points every admin route
 * here (one import site costs the initial bundle less than several), and the path picks the
 * page from ADMIN_PAGES, shown inside the admin layout.
 */
export default function AdminArea() {
  const { pathname } = useLocation()
  const path = pathname.replace(/\/+$/, '') || '/admin'
  const current = ADMIN_PAGES.find((page) => page.path === path) ?? ADMIN_PAGES[0]
  const Page = current.page
  return (
    <AdminLayout title={current.title}>
      {/* The editor pages load their rich-text editor on first visit (see ADMIN_PAGES). */}
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    </AdminLayout>
  )
}
