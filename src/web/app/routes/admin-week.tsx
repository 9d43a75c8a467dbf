import { useParams } from '#web/lib/router.tsx'
import { PAGE_META } from '#shared/page-meta.ts'
import { WeekPage } from '#web/features/admin/components/week-page.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { AdminPage } from '../admin-page.tsx'
import { NotASaturday } from '../not-a-saturday.tsx'

/** /admin/week/{saturday} (docs/product.md#the-week): the week, for admins only. */
export default function AdminWeekRoute() {
  usePageTitle(PAGE_META.adminWeek.title)
  const saturday = useParams().saturday ?? ''
  return (
    <AdminPage returnTo={`/admin/week/${saturday}`}>
      <NotASaturday saturday={saturday} page={(day) => `/admin/week/${day}`}>
        <WeekPage saturday={saturday} />
      </NotASaturday>
    </AdminPage>
  )
}
