import { useParams } from '#web/lib/router.tsx'
import { PAGE_META } from '#shared/page-meta.ts'
import { paths } from '#shared/routes.ts'
import { WeekRoutesView } from '#web/features/routes/components/week-routes-view.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { AdminPage } from '../admin-page.tsx'
import { NotASaturday } from '../not-a-saturday.tsx'

/** /admin/week/{saturday}/routes: the Saturday's routes, checked like /admin. */
export default function AdminWeekRoutesRoute() {
  usePageTitle(PAGE_META.adminWeekRoutes.title)
  const { saturday = '' } = useParams()
  return (
    <AdminPage returnTo={paths.adminWeekRoutes(saturday)}>
      <NotASaturday saturday={saturday} page={paths.adminWeekRoutes}>
        <WeekRoutesView saturday={saturday} />
      </NotASaturday>
    </AdminPage>
  )
}
