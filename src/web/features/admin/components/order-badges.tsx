import { CreditCardIcon, TruckIcon } from 'lucide-react'
import {
  DELIVERY_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATE_LABELS,
  type DeliveryStatus,
  type OrderStatus,
  type PaymentState,
} from '#shared/schemas/order-status.ts'
import { cn } from '#web/lib/cn.ts'

/*
 * The three facts of an order as small badges in the theme's colours: its status, where its
 * delivery is and where its money stands (docs/product.md#orders). Each says what it is to a
 * screen reader; the icons tell delivery and payment apart at a glance on a phone.
 */

const BADGE =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0'

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: 'bg-butter/40 text-charcoal',
  confirmed: 'bg-accent text-accent-foreground',
  completed: 'bg-forest text-primary-foreground',
  cancelled: 'bg-tomato text-white',
  on_hold: 'border border-tomato bg-card text-tomato',
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={cn(BADGE, STATUS_STYLES[status])}>
      <span className="sr-only">Status: </span>
      {status === 'on_hold' ? 'On hold — unpaid' : ORDER_STATUS_LABELS[status]}
    </span>
  )
}

/**
 * A capture that failed, before the deadline to pay: the customer may still pay, so staff keep
 * an eye on it (docs/product.md#order-payments). An order on hold says so itself.
 */
export const isPaymentPending = (order: { status: OrderStatus; paymentStatus: PaymentState }) =>
  order.paymentStatus === 'payment_failed' &&
  order.status !== 'on_hold' &&
  order.status !== 'cancelled'

export function PaymentPendingBadge() {
  return (
    <span className={cn(BADGE, 'border border-tomato bg-butter/40 text-charcoal')}>
      <CreditCardIcon aria-hidden />
      Payment pending
    </span>
  )
}

const DELIVERY_STYLES: Record<DeliveryStatus, string> = {
  order_placed: 'border border-border bg-card text-charcoal',
  preparing: 'border border-sage bg-accent text-accent-foreground',
  out_for_delivery: 'border border-leaf bg-accent text-accent-foreground',
  delivered: 'border border-border bg-muted text-muted-foreground',
}

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <span className={cn(BADGE, DELIVERY_STYLES[status])}>
      <TruckIcon aria-hidden />
      <span className="sr-only">Delivery: </span>
      {DELIVERY_STATUS_LABELS[status]}
    </span>
  )
}

const PAYMENT_STYLES: Record<PaymentState, string> = {
  authorized: 'bg-wheat text-charcoal',
  captured: 'bg-forest text-primary-foreground',
  payment_failed: 'bg-tomato text-white',
  voided: 'bg-muted text-muted-foreground',
  refunded: 'bg-muted text-muted-foreground',
  partially_refunded: 'bg-sage/50 text-charcoal',
}

export function PaymentStatusBadge({ status }: { status: PaymentState }) {
  return (
    <span className={cn(BADGE, PAYMENT_STYLES[status])}>
      <CreditCardIcon aria-hidden />
      <span className="sr-only">Payment: </span>
      {PAYMENT_STATE_LABELS[status]}
    </span>
  )
}
