import { chicagoDayOf } from '#shared/domain/delivery.ts'
import type { Order } from '#shared/schemas/order.ts'

const deliveryTime = (order: Pick<Order, 'deliveryDate'>) => new Date(order.deliveryDate).getTime()

/**
 * The delivery page's two lists (docs/product.md#orders): upcoming are the orders not yet delivered
 * nor cancelled whose delivery day (in Houston) is today or later, soonest first; everything else
 * is past, newest first. A cancelled order is never coming.
 */
export function groupDeliveries<
  T extends Pick<Order, 'deliveryDate' | 'deliveryStatus' | 'status'>,
>(orders: readonly T[], now: Date): { upcoming: T[]; past: T[] } {
  const today = chicagoDayOf(now)
  const upcoming: T[] = []
  const past: T[] = []
  for (const order of orders) {
    const isUpcoming =
      order.status !== 'cancelled' &&
      order.deliveryStatus !== 'delivered' &&
      chicagoDayOf(new Date(order.deliveryDate)) >= today
    ;(isUpcoming ? upcoming : past).push(order)
  }
  upcoming.sort((a, b) => deliveryTime(a) - deliveryTime(b))
  past.sort((a, b) => deliveryTime(b) - deliveryTime(a))
  return { upcoming, past }
}
