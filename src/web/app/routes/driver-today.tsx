import { Navigate } from '#web/lib/router.tsx'
import { comingSaturday } from '#shared/domain/delivery.ts'
import { PAGE_META } from '#shared/page-meta.ts'
import { paths } from '#shared/routes.ts'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** /driver: the Saturday in hand (docs/product.md#routes); a driver signing in lands here. */
export default function DriverTodayPage() {
  usePageTitle(PAGE_META.driverToday.title)
  return <Navigate to={paths.driver(comingSaturday(new Date()))} replace />
}
