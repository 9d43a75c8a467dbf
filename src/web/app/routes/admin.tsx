import { PAGE_META } from '#shared/page-meta.ts'
import { AdminDashboard } from '#web/features/admin/components/admin-dashboard.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { AdminPage } from '../admin-page.tsx'

/** /admin (docs/product.md#admin): the dashboard, for admins only. */
export default function AdminRoute() {
  usePageTitle(PAGE_META.admin.title)
  return (
    <AdminPage returnTo="/admin">
      <AdminDashboard />
    </AdminPage>
  )
}
