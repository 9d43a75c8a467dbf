/** Order and delivery statuses, shared by the database, API and pages (docs/product.md#orders). */

/**
 * `on_hold`: still unpaid at the pay-again deadline, so neither packed, routed nor delivered
 * until staff release or cancel it (docs/product.md#the-week)
 */
export const ORDER_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'on_hold'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const DELIVERY_STATUSES = [
  'order_placed',
  'preparing',
  'out_for_delivery',
  'delivered',
] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** What a customer reads for each delivery status, and how far the progress bar is filled. */
export const DELIVERY_STATUS_STEPS: Record<DeliveryStatus, { label: string; progress: number }> = {
  order_placed: { label: 'Order Confirmed', progress: 0 },
  preparing: { label: 'Being Prepared', progress: 33 },
  out_for_delivery: { label: 'Out for Delivery', progress: 66 },
  delivered: { label: 'Delivered', progress: 100 },
}

/** An unknown status shows as Order Confirmed (docs/product.md#orders). */
export function deliveryStep(status: string): { label: string; progress: number } {
  return (
    (DELIVERY_STATUS_STEPS as Record<string, { label: string; progress: number }>)[status] ??
    DELIVERY_STATUS_STEPS.order_placed
  )
}

/**
 * The label of each order status, the same for staff and customers; any may be set
 * (docs/product.md#orders). A new order is `pending` for the staff's own workflow, but its
 * customer has been told it is confirmed and its card authorised, so it reads "New", never
 * "Pending": where the money stands is the payment state's to say (PAYMENT_STATE_LABELS).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'New',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  on_hold: 'On hold',
}

/**
 * What staff read for each delivery status, in the order a delivery goes: the customer's own
 * words, so both sides of an order say the same thing.
 */
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  order_placed: DELIVERY_STATUS_STEPS.order_placed.label,
  preparing: DELIVERY_STATUS_STEPS.preparing.label,
  out_for_delivery: DELIVERY_STATUS_STEPS.out_for_delivery.label,
  delivered: DELIVERY_STATUS_STEPS.delivered.label,
}

/**
 * Where an order's money stands (docs/product.md#order-payments): authorised at checkout,
 * captured at the cut-off, or failed, voided (cancelled before capture) or refunded.
 */
/** The steps of an order's history (docs/product.md#order-changes). */
export const ORDER_EVENT_KINDS = [
  'placed',
  'changed',
  'cancelled',
  'captured',
  'capture_failed',
  'paid_again',
  'refunded',
  'coupon_dropped',
  /** made after the cut-off of the Saturday checkout showed: delivered the next one */
  'moved',
  /** the bank released the card's hold before the cut-off: the customer pays again */
  'hold_lost',
  /** the bank refused a refund: the shop refunds another way */
  'refund_failed',
  /** still unpaid at the pay-again deadline: not packed or delivered */
  'held',
  /** let out of hold: paid late, or marked paid by staff */
  'released',
  /** an item short at packing, taken off the order */
  'item_short',
] as const

/** who took a step: the customer, the shop's staff, or the shop itself (its jobs) */
export const ORDER_EVENT_ACTORS = ['customer', 'staff', 'shop'] as const

export const PAYMENT_STATES = [
  'authorized',
  'captured',
  'payment_failed',
  'voided',
  'refunded',
  'partially_refunded',
] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]

/** What staff and customers read for each payment state. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  authorized: 'Card authorized',
  captured: 'Paid',
  payment_failed: 'Payment failed',
  voided: 'Authorization released',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
}
