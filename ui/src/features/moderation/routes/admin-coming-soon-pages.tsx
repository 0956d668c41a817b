import { AdminLayout } from '../components/admin-layout'

/** An admin page whose issue has not landed yet: the admin menu with 'Coming soon'. */
function AdminComingSoon({ title }: { title: string }) {
  return (
    <AdminLayout title={title}>
      <p className="text-lg text-muted">Coming soon</p>
    </AdminLayout>
  )
}

/** /admin/promo-strip */
export function PromoStripPage() {
  return <AdminComingSoon title="Promotion Strip" />
}

/** /admin/edit-content */
export function EditContentPage() {
  return <AdminComingSoon title="Edit Content" />
}

/** /admin/search-user */
export function SearchUserPage() {
  return <AdminComingSoon title="Search User" />
}
