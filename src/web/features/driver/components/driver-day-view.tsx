import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CloudOffIcon, RefreshCwIcon, TruckIcon } from 'lucide-react'
import { useCallback } from 'react'
import { deliveryOfSaturday, formatDeliveryDateLong } from '#shared/domain/delivery.ts'
import type { DriverDay, DriverRoute, DriverStop } from '#shared/schemas/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { errorMessage } from '#web/lib/api-client.ts'
import { driverQueries, undoDelivered, withStop } from '../api/driver-day.ts'
import {
  deliveredKey,
  deliveredTap,
  isFinalRefusal,
  outForDeliveryKey,
  outForDeliveryTap,
  type Tap,
} from '../hooks/tap-queue.ts'
import { useTapQueue } from '../hooks/use-tap-queue.ts'
import { StopCard } from './stop-card.tsx'

/** The driver's Saturday (docs/product.md#routes): each route's stops as cards, in order. */
export function DriverDayView({ saturday }: { saturday: string }) {
  const queryClient = useQueryClient()
  const day = useQuery(driverQueries.day(saturday))
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: driverQueries.day(saturday).queryKey }),
    [queryClient, saturday],
  )
  const queue = useTapQueue(refresh)
  const waiting = new Set(queue.pending.map(({ key }) => key))
  const undo = useMutation({
    mutationFn: undoDelivered,
    onSuccess: (stop) => {
      queryClient.setQueryData<DriverDay>(
        driverQueries.day(saturday).queryKey,
        (current) => current && withStop(current, stop),
      )
      refresh()
    },
    // refused for good (too late, undone already): the stop as the shop has it now
    onError: (error) => {
      if (isFinalRefusal(error)) refresh()
    },
  })
  // "Undo": a tap not yet sent is dropped from the phone; a delivery the shop has is undone there
  const undoStop = (stop: DriverStop) => {
    const key = deliveredKey(stop.orderId)
    if (waiting.has(key)) queue.drop(key)
    if (stop.deliveryStatus === 'delivered') undo.mutate(stop.orderId)
  }
  const undoState = (orderId: string) => ({
    undoing: undo.isPending && undo.variables === orderId,
    undoError:
      undo.isError && undo.variables === orderId
        ? errorMessage(
            undo.error,
            'The undo did not reach the shop. Check the connection and try again.',
          )
        : null,
  })

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 pt-6 pb-16">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold text-forest">Deliveries</h1>
        <p className="text-base text-muted-foreground">
          {formatDeliveryDateLong(deliveryOfSaturday(saturday))}
        </p>
      </header>
      <PendingTaps pending={queue.pending} onRetry={() => void queue.flush()} />
      {queue.refused.length > 0 ? (
        <div role="alert" className="rounded-xl border border-destructive bg-card p-4">
          <p className="font-semibold text-destructive">The shop did not accept:</p>
          <ul className="list-disc pl-5">
            {queue.refused.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Button variant="outline" size="sm" className="mt-2" onClick={queue.dismissRefused}>
            OK
          </Button>
        </div>
      ) : null}
      {day.isPending ? (
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading your stops...
        </p>
      ) : day.isError ? (
        <div role="alert" className="rounded-xl border border-border bg-card p-4">
          <p>{errorMessage(day.error, 'Your stops could not be loaded.')}</p>
          <Button variant="outline" className="mt-3" onClick={refresh}>
            <RefreshCwIcon aria-hidden />
            Try again
          </Button>
        </div>
      ) : day.data.routes.length === 0 ? (
        <p className="rounded-xl border border-border bg-card p-6 text-center text-base">
          No route is given to you for this Saturday. Ask the shop which route to take.
        </p>
      ) : (
        <>
          {day.data.markable ? null : (
            <p className="rounded-xl border border-border bg-card p-4 text-base">
              Read only: these stops are marked delivered on their Saturday.
            </p>
          )}
          {day.data.routes.map((route) => (
            <RouteSection
              key={route.id}
              markable={day.data.markable}
              route={route}
              saturday={saturday}
              isWaiting={(tap) => waiting.has(tap)}
              onOutForDelivery={() =>
                queue.enqueue(
                  outForDeliveryTap(route.id, saturday, `Out for delivery: ${route.name}`),
                )
              }
              onDelivered={(stopId, note, label) =>
                queue.enqueue(deliveredTap(stopId, note, label))
              }
              onUndo={undoStop}
              undoState={undoState}
            />
          ))}
        </>
      )}
    </div>
  )
}

function RouteSection({
  markable,
  route,
  saturday,
  isWaiting,
  onOutForDelivery,
  onDelivered,
  onUndo,
  undoState,
}: {
  markable: boolean
  route: DriverRoute
  saturday: string
  isWaiting: (key: string) => boolean
  onOutForDelivery: () => void
  onDelivered: (orderId: string, note: string, label: string) => void
  onUndo: (stop: DriverStop) => void
  undoState: (orderId: string) => { undoing: boolean; undoError: string | null }
}) {
  const left = route.stops.filter(({ deliveryStatus }) => deliveryStatus !== 'delivered')
  const started = left.every(({ deliveryStatus }) => deliveryStatus === 'out_for_delivery')
  const outWaiting = isWaiting(outForDeliveryKey(route.id, saturday))
  return (
    <section aria-labelledby={`route-${route.id}`} className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 rounded-2xl bg-forest p-4 text-cream">
        <h2 id={`route-${route.id}`} className="text-xl font-semibold">
          {route.name}
        </h2>
        <p>
          {route.stops.length} {route.stops.length === 1 ? 'stop' : 'stops'}, {left.length} to
          deliver
        </p>
        {markable && left.length > 0 && !started ? (
          <Button
            size="lg"
            variant="secondary"
            className="w-full"
            disabled={outWaiting}
            onClick={onOutForDelivery}
          >
            <TruckIcon aria-hidden />
            {outWaiting ? 'Out for delivery, not yet sent' : 'Out for delivery'}
          </Button>
        ) : null}
      </div>
      <ol className="flex flex-col gap-3">
        {route.stops.map((stop, index) => (
          <StopCard
            key={stop.orderId}
            stop={stop}
            markable={markable}
            number={index + 1}
            waiting={stop.deliveryStatus !== 'delivered' && isWaiting(deliveredKey(stop.orderId))}
            onDelivered={(note) => onDelivered(stop.orderId, note, `Delivered: ${stop.street}`)}
            onUndo={() => onUndo(stop)}
            {...undoState(stop.orderId)}
          />
        ))}
      </ol>
    </section>
  )
}

function PendingTaps({ pending, onRetry }: { pending: Tap[]; onRetry: () => void }) {
  return (
    <div role="status" aria-live="polite">
      {pending.length > 0 ? (
        <div className="flex flex-col gap-2 rounded-xl border border-butter bg-butter/20 p-4 text-foreground">
          <p className="flex items-center gap-2 font-semibold">
            <CloudOffIcon aria-hidden className="size-5" />
            {pending.length === 1 ? '1 tap not yet sent' : `${pending.length} taps not yet sent`}
          </p>
          <ul className="list-disc pl-5">
            {pending.map((tap) => (
              <li key={tap.key}>{tap.label}</li>
            ))}
          </ul>
          <p className="text-sm">
            They are kept on this phone and sent as soon as the connection is back.
          </p>
          <Button variant="outline" size="sm" className="self-start" onClick={onRetry}>
            <RefreshCwIcon aria-hidden />
            Send now
          </Button>
        </div>
      ) : null}
    </div>
  )
}
