import { useQuery } from '@tanstack/react-query'
import { ArrowLeftIcon, PrinterIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import { deliveryOfSaturday, formatDeliveryDateLong } from '#shared/domain/delivery.ts'
import type { PackingSlip } from '#shared/schemas/week.ts'
import { Button } from '#web/components/ui/button.tsx'
import { errorMessage } from '#web/lib/api-client.ts'
import { adminWeekQueries, useMarkPacked } from '../api/admin-week.ts'
import { AdminLoadError, AdminLoading } from '#web/components/admin/list-states.tsx'
import { ItemShortButton } from './item-short-dialog.tsx'
import { MarkPackedButton } from './mark-packed-button.tsx'

/**
 * The printable packing slips of a Saturday (docs/product.md#the-week): one order per printed
 * page, each item with a box to tick; buttons and the site's header and footer stay off paper.
 */
export function PackingSlipsPage({ saturday }: { saturday: string }) {
  const slips = useQuery(adminWeekQueries.packingSlips(saturday))
  const markPacked = useMarkPacked(saturday)
  const day = formatDeliveryDateLong(deliveryOfSaturday(saturday))
  return (
    <div className="flex flex-col gap-6 py-8 print:py-0">
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div className="flex flex-col gap-1">
          <Link
            to={`/admin/week/${saturday}`}
            className="inline-flex items-center gap-1 text-sm font-semibold text-forest underline"
          >
            <ArrowLeftIcon className="size-4" aria-hidden />
            Back to the week
          </Link>
          <h1 className="text-3xl font-semibold text-forest">Packing slips</h1>
          <p className="text-muted-foreground">
            {day}
            {slips.data?.provisional ? ' · provisional: orders may still change' : ''}
          </p>
        </div>
        <Button onClick={() => window.print()} disabled={!slips.data?.slips.length}>
          <PrinterIcon aria-hidden />
          Print packing slips
        </Button>
      </div>
      {slips.isPending ? (
        <AdminLoading text="Loading packing slips..." />
      ) : slips.isError ? (
        <AdminLoadError
          text={errorMessage(slips.error, "We couldn't load the packing slips just now.")}
          onRetry={() => void slips.refetch()}
        />
      ) : slips.data.slips.length === 0 ? (
        <p className="text-muted-foreground">No orders to pack for this Saturday.</p>
      ) : (
        slips.data.slips.map((slip) => (
          <Slip key={slip.orderId} slip={slip} markPacked={markPacked} day={day} />
        ))
      )}
    </div>
  )
}

function Slip({
  slip,
  markPacked,
  day,
}: {
  slip: PackingSlip
  markPacked: ReturnType<typeof useMarkPacked>
  day: string
}) {
  const titleId = `slip-${slip.orderId}`
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5 [contain-intrinsic-size:auto_24rem] [content-visibility:auto] print:break-after-page print:rounded-none print:border-0 print:p-0 print:[content-visibility:visible]"
    >
      {slip.onHold ? (
        // unpaid at the deadline: printed across the slip so no one packs it
        <p className="rounded-lg border-4 border-tomato px-4 py-3 text-center text-2xl font-bold tracking-wide text-tomato uppercase">
          Unpaid – do not pack
        </p>
      ) : null}
      {slip.paymentPending ? (
        <p className="rounded-lg border border-tomato bg-butter/40 px-3 py-1.5 text-sm font-semibold">
          Payment pending: the customer has until Friday noon to pay
        </p>
      ) : null}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <p className="text-sm text-muted-foreground">{day}</p>
          <h2 id={titleId} className="text-2xl font-semibold text-forest">
            Order {slip.orderNumber}
          </h2>
          <p className="font-semibold">{slip.customerName}</p>
          <p>{slip.address}</p>
          {slip.phone ? <p>{slip.phone}</p> : null}
        </div>
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <p className="rounded-lg border-2 border-forest px-3 py-1 text-lg font-semibold text-forest">
            {slip.bags} {slip.bags === 1 ? 'bag' : 'bags'}
          </p>
          <div className={slip.onHold ? 'hidden' : 'print:hidden'}>
            <MarkPackedButton
              markPacked={markPacked}
              orderId={slip.orderId}
              orderNumber={slip.orderNumber}
              packedAt={slip.packedAt}
            />
          </div>
        </div>
      </header>
      {slip.specialInstructions ? (
        <p className="rounded-lg bg-muted px-3 py-2">
          <strong>Instructions:</strong> {slip.specialInstructions}
        </p>
      ) : null}
      <ul className="flex flex-col divide-y divide-border border-y border-border">
        {slip.items.map((item) => {
          const id = `${slip.orderId}-item-${item.itemId}`
          return (
            <li key={id} className="flex items-start gap-3 py-2">
              <input
                id={id}
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-forest print:appearance-none print:rounded-sm print:border print:border-charcoal"
              />
              <label htmlFor={id} className="flex flex-1 flex-col">
                <span>
                  <strong className="tabular-nums">{item.quantity} ×</strong> {item.name}
                  {item.unit ? <span className="text-muted-foreground"> ({item.unit})</span> : null}
                  {item.farmersChoice ? (
                    <span className="text-muted-foreground"> · Farmer&apos;s choice</span>
                  ) : null}
                </span>
                {item.contents.length > 0 ? (
                  <span className="text-sm text-muted-foreground">
                    Each box:{' '}
                    {item.contents.map((pick) => `${pick.quantity} × ${pick.name}`).join(', ')}
                  </span>
                ) : null}
              </label>
              <ItemShortButton
                item={{
                  orderId: slip.orderId,
                  itemId: item.itemId,
                  name: item.name,
                  left: item.quantity,
                }}
              />
            </li>
          )
        })}
      </ul>
    </article>
  )
}
