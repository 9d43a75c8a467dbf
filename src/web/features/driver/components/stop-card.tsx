import { CheckCircle2Icon, MapPinIcon, PhoneIcon, ShoppingBagIcon, Undo2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import { DELIVERY_STATUS_LABELS } from '#shared/schemas/order-status.ts'
import type { DriverStop } from '#shared/schemas/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { useUndoUntil } from '../hooks/use-undo-until.ts'

export const mapsLink = (address: string) =>
  `https://maps.google.com/?q=${encodeURIComponent(address)}`
const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
/** "10:07 AM", in the shop's time */
const clockTime = businessDateTimeFormat({ hour: 'numeric', minute: '2-digit' })

const bagsText = (bags: number) => `${bags} ${bags === 1 ? 'bag' : 'bags'}`

/** its capture failed before the deadline to pay: the shop is chasing it */
function PaymentPending() {
  return (
    <span className="self-start rounded-full border border-tomato bg-butter/40 px-3 py-1 text-sm font-semibold">
      Payment pending
    </span>
  )
}

/**
 * The orders of a stop with more than one (a household that checked out twice): each with its
 * bags, so the driver takes every bag to the one door (docs/product.md#routes-and-deliveries).
 */
function StopOrders({ stop }: { stop: DriverStop }) {
  const statuses = new Set(stop.orders.map(({ deliveryStatus }) => deliveryStatus))
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border p-3 text-base">
      {stop.orders.map((order) => (
        <p key={order.orderId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>
            order {order.orderNumber} · {bagsText(order.bags)}
            {order.customerName !== stop.customerName ? ` · for ${order.customerName}` : ''}
            {statuses.size > 1 ? ` · ${DELIVERY_STATUS_LABELS[order.deliveryStatus]}` : ''}
          </span>
          {order.paymentPending ? <PaymentPending /> : null}
        </p>
      ))}
    </div>
  )
}

/** A line that says what Undo does, and the button. */
function UndoRow({ hint, busy, onUndo }: { hint: string; busy: boolean; onUndo: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border border-border bg-muted/50 p-3">
      <p className="text-sm text-foreground">{hint}</p>
      <Button variant="outline" size="lg" className="shrink-0" disabled={busy} onClick={onUndo}>
        <Undo2Icon aria-hidden />
        {busy ? 'Undoing...' : 'Undo'}
      </Button>
    </div>
  )
}

/**
 * One stop as a large card, for a thumb on a phone: where, who, how many bags, and "Delivered";
 * then, for a few minutes, "Undo" (docs/product.md#routes). A stop with two orders to one door
 * lists both; its one "Delivered" marks both.
 */
export function StopCard({
  stop,
  number,
  waiting,
  undoing,
  undoError,
  onDelivered,
  onUndo,
  markable = true,
}: {
  stop: DriverStop
  number: number
  /** a "Delivered" tap is stored on the phone, not yet confirmed by the shop */
  waiting: boolean
  /** the undo is on its way to the shop */
  undoing: boolean
  /** why the last undo of this stop failed */
  undoError: string | null
  onDelivered: (note: string) => void
  onUndo: () => void
  /** false on another day than the stop's Saturday: read only (docs/product.md#routes) */
  markable?: boolean
}) {
  const noteId = useId()
  const [note, setNote] = useState('')
  const delivered = stop.deliveryStatus === 'delivered'
  const several = stop.orders.length > 1
  const undoUntil = useUndoUntil(delivered ? stop.deliveredAt : null)
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm"
      aria-labelledby={`${noteId}-title`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`${noteId}-title`} className="text-lg font-semibold text-forest">
          <span className="mr-2 inline-flex size-8 items-center justify-center rounded-full bg-accent text-base">
            {number}
          </span>
          {stop.customerName}
        </h3>
        <span className="shrink-0 rounded-full bg-muted px-3 py-1 text-sm font-medium text-foreground">
          {waiting ? 'Delivered, not yet sent' : DELIVERY_STATUS_LABELS[stop.deliveryStatus]}
        </span>
      </div>
      <a
        href={mapsLink(stop.address)}
        target="_blank"
        rel="noreferrer"
        className="flex items-start gap-2 text-base font-medium text-primary underline underline-offset-4"
      >
        <MapPinIcon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <span>
          {stop.street}, {stop.city} {stop.zip}
          <span className="sr-only"> (opens maps)</span>
        </span>
      </a>
      {stop.phone ? (
        <a
          href={telLink(stop.phone)}
          className="flex items-center gap-2 text-base font-medium text-primary underline underline-offset-4"
        >
          <PhoneIcon aria-hidden className="size-5 shrink-0" />
          Call {stop.phone}
        </a>
      ) : null}
      <p className="flex items-center gap-2 text-base text-foreground">
        <ShoppingBagIcon aria-hidden className="size-5 shrink-0" />
        <span>
          <span className="font-semibold">{bagsText(stop.bags)}</span> ·{' '}
          {several ? `${stop.orders.length} orders` : `order ${stop.orderNumber}`}
        </span>
      </p>
      {several ? <StopOrders stop={stop} /> : stop.paymentPending ? <PaymentPending /> : null}
      {stop.specialInstructions ? (
        <p className="rounded-lg bg-accent/60 p-3 text-base text-foreground">
          <span className="font-semibold">Instructions: </span>
          {stop.specialInstructions}
        </p>
      ) : null}
      {delivered ? (
        <>
          <p className="flex items-center gap-2 text-base font-medium text-forest">
            <CheckCircle2Icon aria-hidden className="size-5" />
            Delivered{stop.deliveryNote ? `: ${stop.deliveryNote}` : ''}
          </p>
          {undoUntil && markable ? (
            <UndoRow
              hint={`Wrong stop? You can undo until ${clockTime.format(undoUntil)}.`}
              busy={undoing}
              onUndo={onUndo}
            />
          ) : null}
        </>
      ) : !markable ? null : waiting ? (
        <UndoRow hint="Wrong stop? Undo it before it is sent." busy={false} onUndo={onUndo} />
      ) : (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            onDelivered(note.trim())
          }}
        >
          <Label htmlFor={noteId}>Note for the customer (optional)</Label>
          <Input
            id={noteId}
            value={note}
            maxLength={500}
            placeholder="Left at the side door"
            onChange={(event) => setNote(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full">
            <CheckCircle2Icon aria-hidden />
            Delivered
          </Button>
          {several ? (
            <p className="text-sm text-muted-foreground">
              Marks all {stop.orders.length} orders delivered.
            </p>
          ) : null}
        </form>
      )}
      {undoError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {undoError}
        </p>
      ) : null}
    </li>
  )
}
