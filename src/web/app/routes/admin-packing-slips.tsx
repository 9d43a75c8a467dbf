import { useParams } from '#web/lib/router.tsx'
import { PAGE_META } from '#shared/page-meta.ts'
import { PackingSlipsPage } from '#web/features/admin/components/packing-slips-page.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { AdminPage } from '../admin-page.tsx'
import { NotASaturday } from '../not-a-saturday.tsx'

/** /admin/week/{saturday}/packing-slips (docs/product.md#the-week): printable, for admins only. */
export default function AdminPackingSlipsRoute() {
  usePageTitle(PAGE_META.adminPackingSlips.title)
  const saturday = useParams().saturday ?? ''
  return (
    <AdminPage returnTo={`/admin/week/${saturday}/packing-slips`}>
      <NotASaturday saturday={saturday} page={(day) => `/admin/week/${day}/packing-slips`}>
        <PackingSlipsPage saturday={saturday} />
      </NotASaturday>
    </AdminPage>
  )
}
