import { useQuery } from '@tanstack/react-query'
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { Link } from '#web/lib/router.tsx'
import {
  ORDER_CUTOFF,
  addDaysToDay,
  deliveryOfSaturday,
  formatDeliveryDateLong,
} from '#shared/domain/delivery.ts'
import { Button } from '#web/components/ui/button.tsx'
import { errorMessage } from '#web/lib/api-client.ts'
import { cn } from '#web/lib/cn.ts'
import { adminWeekQueries } from '../api/admin-week.ts'
import { AdminLoadError, AdminLoading } from '#web/components/admin/list-states.tsx'
import { HarvestLists } from './harvest-lists.tsx'
import { PackingList } from './packing-list.tsx'
import { PickListView } from './pick-list.tsx'
import { WeekShortfallsSection } from './week-shortfalls.tsx'
import { WeekSummaryView } from './week-summary.tsx'

type Printed = 'harvest' | 'pick-list'

/**
 * /admin/week/{saturday} (docs/product.md#the-week): the Saturday at a glance, the harvest lists,
 * the pick list and packing. Printing prints the harvest lists (one producer per page) or the
 * pick list, whichever was asked for.
 */
export function WeekPage({ saturday }: { saturday: string }) {
  const day = formatDeliveryDateLong(deliveryOfSaturday(saturday))
  const summary = useQuery(adminWeekQueries.summary(saturday))
  const harvest = useQuery(adminWeekQueries.harvest(saturday))
  const pickList = useQuery(adminWeekQueries.pickList(saturday))
  const slips = useQuery(adminWeekQueries.packingSlips(saturday))
  const [printed, setPrinted] = useState<Printed>('harvest')
  useEffect(() => {
    const reset = () => setPrinted('harvest')
    window.addEventListener('afterprint', reset)
    return () => window.removeEventListener('afterprint', reset)
  }, [])
  const print = (what: Printed) => {
    flushSync(() => setPrinted(what))
    window.print()
  }
  const offPaper = (what: Printed) => cn(printed !== what && 'print:hidden')

  return (
    <div className="flex flex-col gap-10 py-8">
      <div className="flex flex-col gap-3 print:hidden">
        <Link to="/admin" className="text-sm font-semibold text-forest underline">
          Dashboard
        </Link>
        <p className="text-sm font-semibold tracking-wide text-forest uppercase">This week</p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-semibold text-forest sm:text-4xl">{day}</h1>
          <nav aria-label="Saturdays" className="flex gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/week/${addDaysToDay(saturday, -7)}`}>
                <ChevronLeftIcon aria-hidden />
                Previous<span className="max-sm:sr-only"> Saturday</span>
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/week/${addDaysToDay(saturday, 7)}`}>
                Next<span className="max-sm:sr-only"> Saturday</span>
                <ChevronRightIcon aria-hidden />
              </Link>
            </Button>
          </nav>
        </div>
        {summary.data ? (
          <p
            className={cn(
              'max-w-3xl rounded-lg px-3 py-2 text-sm',
              summary.data.provisional ? 'bg-butter/40' : 'bg-accent text-accent-foreground',
            )}
          >
            {summary.data.provisional
              ? `Provisional: orders stay open until the cut-off (${ORDER_CUTOFF.label}); these are the running totals.`
              : 'Orders closed at the cut-off: these are the final lists.'}
          </p>
        ) : null}
      </div>

      <div className="print:hidden">
        {summary.isPending ? (
          <AdminLoading text="Loading the week..." />
        ) : summary.isError ? (
          <AdminLoadError
            text={errorMessage(summary.error, "We couldn't load the week just now.")}
            onRetry={() => void summary.refetch()}
          />
        ) : (
          <WeekSummaryView summary={summary.data} />
        )}
      </div>

      <div className={offPaper('harvest')}>
        {harvest.data ? (
          <HarvestLists harvest={harvest.data} dayLabel={day} onPrint={() => print('harvest')} />
        ) : harvest.isError ? (
          <AdminLoadError
            text={errorMessage(harvest.error, "We couldn't load the harvest lists.")}
            onRetry={() => void harvest.refetch()}
          />
        ) : (
          <AdminLoading text="Loading harvest lists..." />
        )}
      </div>

      <div className={offPaper('pick-list')}>
        {pickList.data ? (
          <PickListView pickList={pickList.data} onPrint={() => print('pick-list')} />
        ) : pickList.isError ? (
          <AdminLoadError
            text={errorMessage(pickList.error, "We couldn't load the pick list.")}
            onRetry={() => void pickList.refetch()}
          />
        ) : (
          <AdminLoading text="Loading the pick list..." />
        )}
      </div>

      <div className="print:hidden">
        {slips.data ? (
          <PackingList slips={slips.data} />
        ) : slips.isError ? (
          <AdminLoadError
            text={errorMessage(slips.error, "We couldn't load the orders to pack.")}
            onRetry={() => void slips.refetch()}
          />
        ) : (
          <AdminLoading text="Loading the orders to pack..." />
        )}
      </div>

      <WeekShortfallsSection saturday={saturday} />
    </div>
  )
}
