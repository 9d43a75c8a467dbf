import type { Transaction } from '../../db/transaction.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { DayBounds, OrderReadsRepo } from './order-reads.repo.ts'

/**
 * The queries the orders feature answers for others (docs/product.md#orders): the week's lists
 * and totals (docs/product.md#the-week), the routes' stops (docs/product.md#routes) and the
 * "Buy again" row (docs/product.md#buy-again). Days are Houston calendar days as instants
 * (chicagoDayBounds).
 */
export function createOrderReads({
  reads,
  catalog,
}: {
  reads: OrderReadsRepo
  catalog: Pick<CatalogService, 'buyAgain'>
}) {
  return {
    /** Every product of the day's orders with its total, as sold (a custom box as its items). */
    lineTotalsOn: (day: DayBounds) => reads.lineTotals(day),

    /**
     * What each of the day's orders that is not cancelled holds of these products, inside the
     * caller's transaction when given one (docs/product.md#weekly-quantities).
     */
    orderedQuantitiesOn: (day: DayBounds, productIds: readonly string[], tx?: Transaction) =>
      (tx ? reads.within(tx) : reads).orderedQuantities(day, productIds),

    /** Which of these orders are for the day and not cancelled. */
    activeOrdersOnAmong: (day: DayBounds, orderIds: readonly string[], tx?: Transaction) =>
      (tx ? reads.within(tx) : reads).activeAmong(day, orderIds),

    /** The day's orders, items, packing and delivery counts, and the money captured and refunded. */
    summaryOn: (day: DayBounds) => reads.daySummary(day),

    /** The day's orders whose capture failed, by id. */
    failedPaymentsOn: (day: DayBounds) => reads.failedPayments(day),

    /** The delivery instants from `from` on that have orders, with their totals, at most `limit`. */
    upcomingDeliveries: (from: Date, limit: number) => reads.upcomingDeliveries(from, limit),

    /** The day's orders as their packing slips name them, by id. */
    slipOrdersOn: (day: DayBounds) => reads.slipOrders(day),

    /** The lines of the day's orders, by order, in the order they were added. */
    slipLinesOn: (day: DayBounds) => reads.slipLines(day),

    /** The lines of the given orders, by order, in the order they were added. */
    slipLinesOf: (orderIds: readonly string[]) => reads.slipLinesOf(orderIds),

    /** What was short on the day's orders, by producer and product, with what it took off. */
    shortfallTotalsOn: (day: DayBounds) => reads.shortfallTotals(day),

    /** The distinct delivery instants in [from, until) that have orders. */
    deliveryInstantsBetween: (from: Date, until: Date) => reads.deliveryInstants(from, until),

    /** The day's orders that are not cancelled, as a route's stops. */
    stopsOn: (day: DayBounds) => reads.stopsOn(day),

    /** stopsOn inside the caller's transaction. */
    stopsOnWithin: (tx: Transaction, day: DayBounds) => reads.within(tx).stopsOn(day),

    /** One order as a stop; undefined when there is no such order. */
    stopOf: (orderId: string) => reads.stop(orderId),

    /** The products of a customer's orders that went through, ranked (1 is the most ordered). */
    productsOrderedBy: (userId: string) => reads.orderedProducts(userId),

    /** A customer's "Buy again" row: their ranking, drawn as the catalogue's cards. */
    async buyAgain(userId: string) {
      return catalog.buyAgain(await reads.orderedProducts(userId))
    },
  }
}
