import { PAGE_META } from '#shared/page-meta.ts'
import { AdminProducts } from '#web/features/admin/components/admin-products.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { AdminPage } from '../admin-page.tsx'

/** /admin/products (docs/product.md#admin), checked like /admin. */
export default function AdminProductsRoute() {
  usePageTitle(PAGE_META.adminProducts.title)
  return (
    <AdminPage returnTo="/admin/products">
      <AdminProducts />
    </AdminPage>
  )
}
