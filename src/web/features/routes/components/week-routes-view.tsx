import { useQuery } from '@tanstack/react-query'
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  DownloadIcon,
  PencilIcon,
  PrinterIcon,
} from 'lucide-react'
import { useState } from 'react'
import { Link } from '#web/lib/router.tsx'
import { deliveryOfSaturday, formatDeliveryDateLong } from '#shared/domain/delivery.ts'
import { paths } from '#shared/routes.ts'
import type { DeliveryRoute, RouteWithStops, Stop } from '#shared/schemas/routes.ts'
import { QueryStates } from '#web/components/admin/list-states.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { cn } from '#web/lib/cn.ts'
import { routeQueries, routesCsvUrl, useSaveStopOrder } from '../api/week-routes.ts'
import { RouteDialog } from './route-dialog.tsx'
import { RouteStops } from './route-stops.tsx'

const DAY_MS = 24 * 60 * 60 * 1000
const weekAway = (saturday: string, weeks: number) =>
  new Date(new Date(`${saturday}T12:00:00Z`).getTime() + weeks * 7 * DAY_MS)
    .toISOString()
    .slice(0, 10)

/** " (5 orders)" when a stop holds more than one order, else nothing. */
function ordersBeyondStops(stops: Stop[]): string {
  const orders = stops.reduce((sum, stop) => sum + stop.orders.length, 0)
  return orders > stops.length ? ` (${orders} orders)` : ''
}

/**
 * A Saturday's routes (docs/product.md#routes): each route's stops in order, to reorder, edit,
 * print as route sheets (one route per page) and download as CSV.
 */
export function WeekRoutesView({ saturday }: { saturday: string }) {
  const week = useQuery(routeQueries.week(saturday))
  const list = useQuery(routeQueries.list())
  const save = useSaveStopOrder(saturday)
  const [editing, setEditing] = useState<DeliveryRoute | null>(null)
  // the order shown while a save is on its way, so a move is seen at once
  const [moving, setMoving] = useState<{ routeId: string; stops: Stop[] } | null>(null)

  const reorder = (route: RouteWithStops, stops: Stop[]) => {
    setMoving({ routeId: route.id, stops })
    // each stop's orders one after the other, so a door's orders keep their places together
    const orderIds = stops.flatMap((stop) => stop.orders.map(({ orderId }) => orderId))
    save.mutate(
      { routeId: route.id, orderIds },
      {
        onSettled: () => setMoving(null),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'The order was not saved',
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    )
  }

  return (
    <div className="flex flex-col gap-6 pt-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm text-muted-foreground print:hidden">
            <Link to="/admin" className="underline underline-offset-4">
              Admin
            </Link>{' '}
            / Routes
          </p>
          <h1 className="text-3xl font-semibold text-forest">
            Routes for {formatDeliveryDateLong(deliveryOfSaturday(saturday))}
          </h1>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button asChild variant="outline" size="sm">
            <Link to={paths.adminWeekRoutes(weekAway(saturday, -1))}>
              <ChevronLeftIcon aria-hidden />
              Week before
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={paths.adminWeekRoutes(weekAway(saturday, 1))}>
              Week after
              <ChevronRightIcon aria-hidden />
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <PrinterIcon aria-hidden />
            Print route sheets
          </Button>
          <Button asChild size="sm">
            <a href={routesCsvUrl(saturday)} download>
              <DownloadIcon aria-hidden />
              Download CSV
            </a>
          </Button>
        </div>
      </div>

      <QueryStates
        query={week}
        loading="Loading routes..."
        failed={{
          text: errorMessage(
            week.error,
            'The routes could not be loaded. Please refresh the page.',
          ),
        }}
      >
        {(data) => (
          <>
            {data.routes.map((route) => (
              <section
                key={route.id}
                aria-labelledby={`route-${route.id}`}
                className={cn(
                  'flex flex-col gap-3 print:break-before-page print:first-of-type:break-before-auto',
                  // a route sheet is printed only for a route with stops
                  route.stops.length === 0 && 'print:hidden',
                )}
              >
                <div className="flex flex-wrap items-end justify-between gap-2">
                  <div>
                    <h2 id={`route-${route.id}`} className="text-xl font-semibold text-forest">
                      {route.name}
                    </h2>
                    <p className="text-sm text-muted-foreground">
                      {route.stops.length} {route.stops.length === 1 ? 'stop' : 'stops'}
                      {ordersBeyondStops(route.stops)} · Driver: {route.driver?.name ?? 'none yet'}{' '}
                      · {route.zips.length} {route.zips.length === 1 ? 'ZIP code' : 'ZIP codes'}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="print:hidden"
                    onClick={() => setEditing(route)}
                  >
                    <PencilIcon aria-hidden />
                    Edit route<span className="sr-only">: {route.name}</span>
                  </Button>
                </div>
                <RouteStops
                  stops={moving?.routeId === route.id ? moving.stops : route.stops}
                  onReorder={(stops) => reorder(route, stops)}
                />
              </section>
            ))}
            {data.unassigned.length > 0 ? (
              <section
                aria-labelledby="route-unassigned"
                className="flex flex-col gap-3 print:break-before-page"
              >
                <h2 id="route-unassigned" className="text-xl font-semibold text-tomato">
                  Not on any route
                </h2>
                <p className="text-sm text-muted-foreground print:hidden">
                  Add these orders’ ZIP codes to a route to give them a driver.
                </p>
                <RouteStops stops={data.unassigned} onReorder={() => {}} reorderable={false} />
              </section>
            ) : null}
          </>
        )}
      </QueryStates>
      {editing && list.data ? (
        <RouteDialog route={editing} drivers={list.data.drivers} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  )
}
