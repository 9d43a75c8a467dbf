import { PAGE_META } from '#shared/page-meta.ts'
import { AdminProducers } from '#web/features/admin/components/admin-producers.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { AdminPage } from '../admin-page.tsx'

/** /admin/producers: the producers behind the products, checked like /admin. */
export default function AdminProducersRoute() {
  usePageTitle(PAGE_META.adminProducers.title)
  return (
    <AdminPage returnTo="/admin/producers">
      <AdminProducers />
    </AdminPage>
  )
}
