import { useParams } from '#web/lib/router.tsx'
import { PAGE_META } from '#shared/page-meta.ts'
import { paths } from '#shared/routes.ts'
import { DriverAccess } from '#web/features/driver/components/driver-access.tsx'
import { DriverDayView } from '#web/features/driver/components/driver-day-view.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { NotASaturday } from '../not-a-saturday.tsx'

/** /driver/{saturday}: the driver's stops on a phone (docs/product.md#routes). */
export default function DriverPage() {
  usePageTitle(PAGE_META.driver.title)
  const { saturday = '' } = useParams()
  return (
    <NotASaturday saturday={saturday} page={paths.driver}>
      <DriverAccess returnTo={paths.driver(saturday)}>
        <DriverDayView saturday={saturday} />
      </DriverAccess>
    </NotASaturday>
  )
}
