import { useParams } from 'react-router'
import { parseDeliverySaturday } from '#shared/domain/delivery-saturday.ts'
import { PAGE_META } from '#shared/page-meta.ts'
import { paths } from '#shared/routes.ts'
import { WeekRoutesView } from '#web/features/routes/components/week-routes-view.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { AdminPage } from '../admin-page.tsx'
import { NotASaturday } from './not-a-saturday.tsx'

/** /admin/week/{saturday}/routes: the Saturday's routes, checked like /admin. */
export default function AdminWeekRoutesRoute() {
  usePageTitle(PAGE_META.adminWeekRoutes.title)
  const { saturday = '' } = useParams()
  const parsed = parseDeliverySaturday(saturday)
  if (!parsed.ok) return <NotASaturday message={parsed.message} />
  return (
    <AdminPage returnTo={paths.adminWeekRoutes(saturday)}>
      <WeekRoutesView saturday={saturday} />
    </AdminPage>
  )
}
