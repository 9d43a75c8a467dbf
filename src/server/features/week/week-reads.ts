import { chicagoDayOf } from '#shared/domain/delivery.ts'
import { leftOf } from '#shared/domain/weekly-stock.ts'
import type { JobRuns } from '../../jobs/job-runs.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { DayBounds, OrdersService, SlipLineRow } from '../orders/index.ts'
import type { OutboxService } from '../outbox/index.ts'
import type { WeeklyStock } from '../weekly-stock/index.ts'
import { HARVEST_EMAIL_KIND, HARVEST_JOB, harvestKeyPrefix } from './harvest-keys.ts'

/*
 * What the week's lists read (docs/product.md#the-week). The week owns no table: a Saturday's
 * orders and lines come from the orders feature, what the products and producers are today from
 * the catalogue, when harvest lists were written from the outbox, and the harvest runs from the
 * job runs' store (docs/decisions/0012-one-owner-per-table.md).
 */

export type { DayBounds }

/** One product of the day with its total, and its producer (a line of a harvest or pick list). */
export interface ProductTotalRow {
  productId: string | null
  name: string
  unit: string
  quantity: number
  category: string
  producerId: string | null
  producerSlug: string | null
  producerName: string
  producerEmail: string | null
}

/** A limited product's Saturday: its quantity, what is sold, what is left. */
export interface WeeklyQuantityRow {
  productId: string
  name: string
  weeklyQuantity: number
  sold: number
  left: number
}

/** A line of a packing slip: what the product is called and sold by today, and its box. */
export interface SlipItemRow {
  orderId: string
  itemId: string
  name: string
  unit: string
  quantity: number
  isBox: boolean
  customSelections: { id: string; name: string; count: number }[] | null
}

export type WeekOrders = Pick<
  OrdersService,
  | 'lineTotalsOn'
  | 'summaryOn'
  | 'failedPaymentsOn'
  | 'upcomingDeliveries'
  | 'slipOrdersOn'
  | 'slipLinesOn'
  | 'slipLinesOf'
  | 'deliveryInstantsBetween'
  | 'shortfallTotalsOn'
>

export type WeekCatalog = Pick<
  CatalogService,
  'productFacts' | 'producersByName' | 'producerBySlug' | 'allLimited'
>

const FARM_BOXES = 'farm-boxes'

const byProducerThenName = (a: ProductTotalRow, b: ProductTotalRow) =>
  a.producerName.localeCompare(b.producerName) ||
  a.name.localeCompare(b.name) ||
  (a.productId ?? '').localeCompare(b.productId ?? '')

export function createWeekReads({
  orders,
  catalog,
  outbox,
  jobRuns,
  stock,
}: {
  orders: WeekOrders
  catalog: WeekCatalog
  outbox: Pick<OutboxService, 'lastWrittenByKey'>
  jobRuns: Pick<JobRuns, 'finishedKeys'>
  stock: Pick<WeeklyStock, 'soldOn'>
}) {
  /**
   * Order lines as the packing slips show them: what each product is called and sold by today,
   * and whether it is a farm box (in the farm-boxes category, or a built or "Farmer's choice" box).
   */
  async function slipItemsOfLines(lines: SlipLineRow[]): Promise<SlipItemRow[]> {
    const products = new Map(
      (await catalog.productFacts(lines.flatMap(({ productId }) => productId ?? []))).map(
        (product) => [product.id, product],
      ),
    )
    return lines.map((line) => {
      const product = line.productId ? products.get(line.productId) : undefined
      return {
        orderId: line.orderId,
        itemId: line.itemId,
        name: product?.name ?? line.productName,
        unit: product?.unit ?? '',
        quantity: line.quantity,
        isBox: product?.category === FARM_BOXES || line.hasSelections,
        customSelections: line.customSelections,
      }
    })
  }

  return {
    /**
     * Every limited product with what the Saturday has sold of it and what is left
     * (docs/product.md#weekly-quantities), by name.
     */
    async weeklyQuantities(day: DayBounds): Promise<WeeklyQuantityRow[]> {
      const limited = await catalog.allLimited()
      const sold = await stock.soldOn(
        day.start,
        limited.map((product) => product.id),
      )
      return limited.map((product) => {
        const soldOf = sold.get(product.id) ?? 0
        return {
          productId: product.id,
          name: product.name,
          weeklyQuantity: product.weeklyQuantity,
          sold: soldOf,
          left: leftOf(product.weeklyQuantity, soldOf) ?? 0,
        }
      })
    },

    /**
     * Every product of a Saturday's orders with its total quantity, named and sold by what the
     * catalogue holds now. A line whose product is gone keeps the name it was sold under and
     * finds its producer by the name it was sold from (ignoring case).
     */
    async productTotals(day: DayBounds): Promise<ProductTotalRow[]> {
      const totals = await orders.lineTotalsOn(day)
      const products = new Map(
        (await catalog.productFacts(totals.flatMap(({ productId }) => productId ?? []))).map(
          (product) => [product.id, product],
        ),
      )
      const gone = totals.filter(({ productId }) => !productId || !products.has(productId))
      const producers = new Map(
        (await catalog.producersByName(gone.flatMap(({ farmSource }) => farmSource ?? []))).map(
          (producer) => [producer.askedName, producer],
        ),
      )
      return totals
        .map((total): ProductTotalRow => {
          const product = total.productId ? products.get(total.productId) : undefined
          if (product) {
            return {
              productId: total.productId,
              name: product.name,
              unit: product.unit,
              quantity: total.quantity,
              category: product.category,
              producerId: product.producerId,
              producerSlug: product.producerSlug,
              producerName: product.producerName,
              producerEmail: product.producerEmail,
            }
          }
          const producer = total.farmSource === null ? undefined : producers.get(total.farmSource)
          return {
            productId: total.productId,
            name: total.name,
            unit: '',
            quantity: total.quantity,
            category: '',
            producerId: producer?.id ?? null,
            producerSlug: producer?.slug ?? null,
            producerName: producer?.name ?? total.farmSource ?? 'Unknown producer',
            producerEmail: producer?.email ?? null,
          }
        })
        .sort(byProducerThenName)
    },

    summary: (day: DayBounds) => orders.summaryOn(day),
    shortfalls: (day: DayBounds) => orders.shortfallTotalsOn(day),
    failedPayments: (day: DayBounds) => orders.failedPaymentsOn(day),
    upcoming: (from: Date, limit: number) => orders.upcomingDeliveries(from, limit),
    slipOrders: (day: DayBounds) => orders.slipOrdersOn(day),

    /** The day's order lines as the packing slips show them, by order, as they were added. */
    slipItems: async (day: DayBounds) => slipItemsOfLines(await orders.slipLinesOn(day)),

    /** Some orders' lines as their packing slips show them, by order, as they were added. */
    slipItemsOf: async (orderIds: readonly string[]) =>
      slipItemsOfLines(await orders.slipLinesOf(orderIds)),

    producerBySlug: (slug: string) => catalog.producerBySlug(slug),

    /** When each producer's harvest e-mail for the day last went to the outbox. */
    harvestSends: (saturday: string) =>
      outbox.lastWrittenByKey(HARVEST_EMAIL_KIND, harvestKeyPrefix(saturday)),

    /**
     * The deliveries between `from` and `until` that have orders and whose harvest e-mails have
     * not gone out yet (no finished run of HARVEST_JOB for their day).
     */
    async deliveriesWithoutHarvestRun(from: Date, until: Date): Promise<Date[]> {
      const deliveries = await orders.deliveryInstantsBetween(from, until)
      const done = await jobRuns.finishedKeys(HARVEST_JOB, deliveries.map(chicagoDayOf))
      return deliveries.filter((delivery) => !done.has(chicagoDayOf(delivery)))
    },
  }
}

export type WeekReads = ReturnType<typeof createWeekReads>
