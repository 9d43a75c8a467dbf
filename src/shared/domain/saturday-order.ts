import { chicagoDayOf } from './delivery.ts'

/**
 * The customer's open order for a Saturday (docs/product.md#one-order-per-saturday): not
 * cancelled, still changeable (its cut-off not passed, its card holding it), for that Saturday;
 * the first placed when there are several. The server answers it at GET /api/orders/open and
 * the checkout reads it from the customer's orders, by this one rule.
 */
export function openOrderOn<
  Order extends { editable: boolean; status: string; deliveryDate: string; createdAt: string },
>(orders: readonly Order[], saturday: string): Order | null {
  const open = orders
    .filter(
      (order) =>
        order.editable &&
        order.status !== 'cancelled' &&
        chicagoDayOf(new Date(order.deliveryDate)) === saturday,
    )
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  return open[0] ?? null
}
