import { orderCutoffFor, formatEditDeadline } from '#shared/domain/delivery.ts'
import type { Order } from '#shared/schemas/order.ts'
import { deliveryStep } from '#shared/schemas/order-status.ts'

type StandingFields = Pick<
  Order,
  | 'status'
  | 'deliveryStatus'
  | 'deliveryDate'
  | 'paymentStatus'
  | 'editable'
  | 'editableUntil'
  | 'payAgainUntil'
>

/** How an order reads to its customer: a short label, its tone, and what to do, if anything. */
export interface OrderStanding {
  label: string
  tone: 'active' | 'done' | 'cancelled' | 'problem'
  /** a sentence under the label: until when it can change, or what to do about a payment */
  note: string | null
}

/**
 * Until when a customer may change an order, as the shop says it ("Wednesday, Nov 25 at
 * 8:00 PM", docs/product.md#order-changes): the cut-off, or earlier if the server says so.
 */
export function changeDeadline(order: Pick<Order, 'deliveryDate' | 'editableUntil'>): Date {
  const byRule = orderCutoffFor(new Date(order.deliveryDate)).getTime()
  return new Date(Math.min(byRule, Date.parse(order.editableUntil)))
}

/** "You can change this order until Wednesday, Nov 25 at 8:00 PM" */
export const changeUntilText = (order: Pick<Order, 'deliveryDate' | 'editableUntil'>) =>
  `You can change this order until ${formatEditDeadline(changeDeadline(order))}`

/** "Changes closed Wednesday, Nov 25 at 8:00 PM" */
export const changesClosedText = (order: Pick<Order, 'editableUntil'>) =>
  `Changes closed ${formatEditDeadline(new Date(order.editableUntil))}`

/** true while a declined capture can still be paid with another card */
export const canPayAgain = (order: Pick<Order, 'paymentStatus' | 'payAgainUntil'>, now: Date) =>
  order.paymentStatus === 'payment_failed' &&
  order.payAgainUntil !== null &&
  now.getTime() < Date.parse(order.payAgainUntil)

/** "Your card was declined — pay with another card by Friday, Nov 27 at 12:00 PM" */
export const payAgainText = (payAgainUntil: string) =>
  `Your card was declined — pay with another card by ${formatEditDeadline(new Date(payAgainUntil))}`

/**
 * An order's standing in words (docs/product.md#orders): a cancelled order says Cancelled, a
 * declined payment says what to do, otherwise where the delivery is and, while it may change,
 * until when.
 */
export function orderStanding(order: StandingFields, now: Date): OrderStanding {
  if (order.status === 'cancelled') {
    return {
      label: 'Cancelled',
      tone: 'cancelled',
      note:
        order.paymentStatus === 'refunded'
          ? 'This order was cancelled and refunded to your card.'
          : order.paymentStatus === 'captured' || order.paymentStatus === 'partially_refunded'
            ? 'This order was cancelled.'
            : 'This order was cancelled. Your card was not charged.',
    }
  }
  if (order.status === 'on_hold') {
    return {
      label: 'On hold',
      tone: 'problem',
      note: canPayAgain(order, now)
        ? `On hold: we could not take payment, so we are not packing it. Pay by ${formatEditDeadline(new Date(order.payAgainUntil ?? ''))} or contact us.`
        : 'On hold: we could not take payment. Please contact us about this order.',
    }
  }
  if (order.paymentStatus === 'payment_failed') {
    return {
      label: 'Payment failed',
      tone: 'problem',
      note: canPayAgain(order, now)
        ? payAgainText(order.payAgainUntil ?? '')
        : 'Your card was declined. Please contact us about this order.',
    }
  }
  const step = deliveryStep(order.deliveryStatus)
  return {
    label: step.label,
    tone: step.progress === 100 ? 'done' : 'active',
    note: order.editable ? changeUntilText(order) : null,
  }
}

/** The words of the link to an order's page: what the customer can do there. */
export function orderLinkLabel(order: Pick<Order, 'editable'>, standing: OrderStanding): string {
  if (order.editable) return 'View / change'
  return standing.tone === 'problem' ? 'View and pay' : 'View order'
}
