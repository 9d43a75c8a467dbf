import { centsToDecimal, decimalToCents, sumCents } from '#shared/domain/money.ts'
import { salesSplit, subtotalOf, type PricingLine } from '#shared/domain/pricing.ts'
import {
  cutoffOfDelivery,
  packingClosesOfDelivery,
  payAgainDeadlineOfDelivery,
} from '#shared/domain/delivery.ts'
import type {
  AdminOrder,
  Order,
  OrderEvent,
  OrderItem,
  OrderRefund,
  OrderStatusChange,
} from '#shared/schemas/order.ts'
import type {
  OrderEventRow,
  OrderItemRow,
  OrderRow,
  OrderStatusChangeRow,
  OrderWithDetails,
  OrderWithItems,
  RefundView,
  ShortfallRow,
} from './orders.repo.ts'

/** Rows as the API sends them: the response schemas then allow only these fields out. */

/**
 * An order's line; with the order's shortfalls, what its short items took off and whether that
 * went back to the card (docs/product.md#refunds).
 */
export function toOrderItem(
  row: OrderItemRow,
  shortfalls: readonly ShortfallRow[] = [],
): OrderItem {
  const own = shortfalls.filter((shortfall) => shortfall.orderItemId === row.id)
  return {
    id: row.id,
    orderId: row.orderId,
    productId: row.productId,
    productName: row.productName,
    productPrice: row.productPrice,
    quantity: row.quantity,
    farmSource: row.farmSource,
    imageUrl: row.imageUrl,
    customSelections: (row.customSelections as OrderItem['customSelections']) ?? null,
    taxable: row.taxable,
    shortQuantity: row.shortQuantity,
    shortAmount: centsToDecimal(sumCents(own.map((shortfall) => decimalToCents(shortfall.amount)))),
    shortRefunded: own.some((shortfall) => shortfall.refundOperationKey !== null),
  }
}

/**
 * The order's lines that make up its subtotal: as sold, or less what was short before the capture
 * took less (docs/product.md#refunds); after the capture the order's figures stay as sold.
 */
function linesOfSubtotal(row: OrderWithItems): PricingLine[] {
  const asSold = row.items.map((item) => ({
    price: decimalToCents(item.productPrice),
    quantity: item.quantity,
    taxable: item.taxable,
  }))
  const remaining = row.items.map((item, index) => ({
    ...asSold[index]!,
    quantity: item.quantity - item.shortQuantity,
  }))
  return subtotalOf(asSold) === decimalToCents(row.subtotal) ? asSold : remaining
}

/** The order's taxable and exempt sales, for its receipt (docs/product.md#tax). */
function salesOf(row: OrderWithItems): { taxableSales: string; exemptSales: string } {
  const split = salesSplit(
    {
      subtotal: decimalToCents(row.subtotal),
      discount: decimalToCents(row.discountAmount),
      deliveryFee: decimalToCents(row.deliveryFee),
    },
    linesOfSubtotal(row),
  )
  return {
    taxableSales: centsToDecimal(split.taxableSales),
    exemptSales: centsToDecimal(split.exemptSales),
  }
}

/** who reads an order: its customer, or the shop's staff (who also see which of them acted) */
export type Audience = 'customer' | 'staff'

/** what a customer reads of a step the staff took: the shop did it, not a named person */
function summaryFor(row: OrderEventRow, audience: Audience): string {
  if (audience === 'staff' || row.actor !== 'staff') return row.summary
  // cancellations recorded before the history named "the shop" named the staff member
  if (row.kind === 'cancelled') return 'Cancelled by the shop'
  // the staff's note on how it was paid is theirs
  if (row.kind === 'released') return 'Marked paid by the shop: back on for delivery'
  return row.summary
}

function toOrderEvent(row: OrderEventRow, audience: Audience): OrderEvent {
  return {
    id: row.id,
    kind: row.kind,
    actor: row.actor,
    actorEmail: audience === 'staff' ? row.actorEmail : null,
    summary: summaryFor(row, audience),
    oldTotal: row.oldTotal,
    newTotal: row.newTotal,
    createdAt: row.createdAt.toISOString(),
  }
}

function toRefund(row: RefundView): OrderRefund {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason ?? '',
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Whether its customer may still change or cancel the order: before its cut-off, not
 * cancelled, and with its card authorised (docs/product.md#order-changes).
 */
export function isEditable(order: OrderRow, now: Date): boolean {
  return (
    order.status !== 'cancelled' &&
    order.paymentStatus === 'authorized' &&
    now < cutoffOfDelivery(order.deliveryDate)
  )
}

/**
 * Until when a failed payment can be made again with another card; null when it cannot. Until
 * the Friday noon deadline; past it the order is (or is about to be) on hold and may still be
 * paid until packing stops (docs/product.md#order-payments).
 */
export function payAgainUntil(order: OrderRow, now: Date): Date | null {
  if (order.status === 'cancelled' || order.paymentStatus !== 'payment_failed') return null
  const deadline = payAgainDeadlineOfDelivery(order.deliveryDate)
  if (now < deadline) return deadline
  const closes = packingClosesOfDelivery(order.deliveryDate)
  return now < closes ? closes : null
}

export function toOrder(row: OrderWithItems, now: Date, audience: Audience = 'customer'): Order {
  const payUntil = payAgainUntil(row, now)
  return {
    id: row.id,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    deliveryAddress: row.deliveryAddress,
    deliveryDate: row.deliveryDate.toISOString(),
    subtotal: row.subtotal,
    discountAmount: row.discountAmount,
    promoCode: row.promoCode,
    deliveryFee: row.deliveryFee,
    tax: row.tax,
    ...salesOf(row),
    total: row.total,
    specialInstructions: row.specialInstructions,
    status: row.status,
    deliveryStatus: row.deliveryStatus,
    paymentIntentId: row.paymentIntentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items: row.items.map((item) => toOrderItem(item, row.shortfalls)),
    paymentStatus: row.paymentStatus,
    authorizedAmount: row.authorizedAmount,
    capturedAmount: row.capturedAmount,
    refundedAmount: row.refundedAmount,
    editableUntil: cutoffOfDelivery(row.deliveryDate).toISOString(),
    editable: isEditable(row, now),
    payAgainUntil: payUntil?.toISOString() ?? null,
    version: row.version,
    history: row.events.map((event) => toOrderEvent(event, audience)),
    refunds: row.refunds.map(toRefund),
  }
}

function toStatusChange(row: OrderStatusChangeRow): OrderStatusChange {
  return {
    id: row.id,
    field: row.field,
    fromValue: row.fromValue,
    toValue: row.toValue,
    changedByEmail: row.changedByEmail,
    createdAt: row.createdAt.toISOString(),
  }
}

export function toAdminOrder(row: OrderWithDetails, now: Date): AdminOrder {
  return {
    ...toOrder(row, now, 'staff'),
    userId: row.userId,
    statusHistory: row.statusHistory.map(toStatusChange),
  }
}
