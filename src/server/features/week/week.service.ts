import { stringify } from 'csv-stringify/sync'
import { byOrder } from '#shared/by-order.ts'
import { bagsFor } from '#shared/domain/bags.ts'
import { CATEGORIES, findCategory } from '#shared/domain/catalog.ts'
import { neutralizeCsvFormula } from '#shared/domain/csv-safety.ts'
import { chicagoDayOf } from '#shared/domain/delivery.ts'
import { centsToDecimal, decimalToCents } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type {
  Harvest,
  PackingSlips,
  PickList,
  WeekShortfalls,
  WeekSummary,
} from '#shared/schemas/week.ts'
import { groupByProducer, readSaturday } from './week-lines.ts'
import type { ProductTotalRow, WeekReads } from './week-reads.ts'

export const HARVEST_CSV_HEADER = ['Producer', 'Product', 'Unit', 'Quantity'] as const

/** how many of the next weeks with orders the summary lists */
const UPCOMING_WEEKS = 6

/**
 * The week at a glance, the harvest lists, the pick list and the packing slips of a Saturday
 * (docs/product.md#the-week).
 */
export function createWeekService({ repo, now }: { repo: WeekReads; now: () => Date }) {
  const saturdayOf = (text: string) => readSaturday(text, now())

  async function harvest(text: string): Promise<Harvest> {
    const { saturday, day, provisional } = saturdayOf(text)
    const [rows, sends] = await Promise.all([repo.productTotals(day), repo.harvestSends(saturday)])
    return {
      saturday,
      provisional,
      producers: groupByProducer(rows).map(({ producerId, producer }) => ({
        ...producer,
        lastSentAt: producerId ? (sends.get(producerId)?.toISOString() ?? null) : null,
      })),
    }
  }

  return {
    async summary(text: string): Promise<WeekSummary> {
      const { saturday, day, cutoff, provisional } = saturdayOf(text)
      const [totals, failed, upcoming, weeklyQuantities] = await Promise.all([
        repo.summary(day),
        repo.failedPayments(day),
        repo.upcoming(day.end, UPCOMING_WEEKS * 2),
        repo.weeklyQuantities(day),
      ])
      // deliveries are stored at a Saturday's 5:00; weeks join by their Chicago day all the same
      const weeks = new Map<string, { orders: number; items: number; total: number }>()
      for (const row of upcoming) {
        const key = chicagoDayOf(row.delivery)
        const week = weeks.get(key) ?? { orders: 0, items: 0, total: 0 }
        week.orders += row.orders
        week.items += row.items
        week.total += decimalToCents(row.total)
        weeks.set(key, week)
      }
      return {
        saturday,
        cutoff: cutoff.toISOString(),
        provisional,
        orders: totals.orders,
        items: totals.items,
        revenueCaptured: centsToDecimal(decimalToCents(totals.captured)),
        refunds: centsToDecimal(decimalToCents(totals.refunded)),
        failedPayments: failed.map((row) => ({
          orderId: row.id,
          orderNumber: orderNumber(row.id),
          customerName: row.customerName,
          total: centsToDecimal(decimalToCents(row.total)),
        })),
        onHold: {
          orders: totals.onHold,
          total: centsToDecimal(decimalToCents(totals.onHoldTotal)),
        },
        notPacked: totals.notPacked,
        weeklyQuantities,
        notDelivered: totals.notDelivered,
        upcoming: [...weeks.entries()].slice(0, UPCOMING_WEEKS).map(([key, week]) => ({
          saturday: key,
          orders: week.orders,
          items: week.items,
          total: centsToDecimal(week.total),
        })),
      }
    },

    harvest,

    async harvestCsv(text: string): Promise<{ fileName: string; body: string }> {
      const { saturday, day } = saturdayOf(text)
      const rows = groupByProducer(await repo.productTotals(day)).flatMap(({ producer }) =>
        producer.lines.map((line) => [producer.name, line.name, line.unit, String(line.quantity)]),
      )
      const body = stringify([[...HARVEST_CSV_HEADER], ...rows], {
        record_delimiter: 'windows',
        quoted_match: /[\r\n]/,
        cast: { string: neutralizeCsvFormula },
      })
      return { fileName: `harvest-${saturday}.csv`, body }
    },

    async pickList(text: string): Promise<PickList> {
      const { saturday, day, provisional } = saturdayOf(text)
      const rows = await repo.productTotals(day)
      const byCategory = new Map<string, ProductTotalRow[]>()
      for (const row of rows) {
        const slug = findCategory(row.category)?.slug ?? 'other'
        byCategory.set(slug, [...(byCategory.get(slug) ?? []), row])
      }
      const order = [...CATEGORIES.map((category) => category.slug as string), 'other']
      return {
        saturday,
        provisional,
        categories: [...byCategory.entries()]
          .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
          .map(([slug, categoryRows]) => ({
            slug,
            name: findCategory(slug)?.title ?? 'Other',
            producers: groupByProducer(categoryRows).map(({ producer }) => ({
              slug: producer.slug,
              name: producer.name,
              lines: producer.lines,
            })),
          })),
      }
    },

    /**
     * The bags each order's packing slip counts (docs/product.md#the-week), by order id: the
     * driver's stops show them (docs/product.md#routes).
     */
    async bagsOf(orderIds: readonly string[]): Promise<Map<string, number>> {
      const itemsOf = byOrder(await repo.slipItemsOf(orderIds))
      return new Map(orderIds.map((id) => [id, bagsFor(itemsOf.get(id) ?? [])]))
    },

    /** What was short on the Saturday's orders, by producer (docs/product.md#refunds). */
    async shortfalls(text: string): Promise<WeekShortfalls> {
      const { saturday, day } = saturdayOf(text)
      const rows = await repo.shortfalls(day)
      const producers = new Map<string, WeekShortfalls['producers'][number]>()
      for (const row of rows) {
        const producer = producers.get(row.farmSource) ?? {
          name: row.farmSource,
          amount: '0.00',
          lines: [],
        }
        producer.lines.push({ name: row.name, quantity: row.quantity, amount: row.amount })
        producer.amount = centsToDecimal(
          decimalToCents(producer.amount) + decimalToCents(row.amount),
        )
        producers.set(row.farmSource, producer)
      }
      return { saturday, producers: [...producers.values()] }
    },

    async packingSlips(text: string): Promise<PackingSlips> {
      const { saturday, day, provisional } = saturdayOf(text)
      const [orders, items] = await Promise.all([repo.slipOrders(day), repo.slipItems(day)])
      const itemsOf = byOrder(items)
      return {
        saturday,
        provisional,
        slips: orders.map((order) => {
          const lines = itemsOf.get(order.id) ?? []
          return {
            orderId: order.id,
            orderNumber: orderNumber(order.id),
            customerName: order.customerName,
            phone: order.customerPhone,
            address: order.deliveryAddress,
            specialInstructions: order.specialInstructions,
            packedAt: order.packedAt?.toISOString() ?? null,
            bags: bagsFor(lines),
            onHold: order.status === 'on_hold',
            paymentPending: order.status !== 'on_hold' && order.paymentStatus === 'payment_failed',
            items: lines.map((line) => ({
              itemId: line.itemId,
              name: line.name,
              unit: line.unit,
              quantity: line.quantity,
              farmersChoice: line.isBox && (line.customSelections?.length ?? 0) === 0,
              contents: (line.customSelections ?? []).map((pick) => ({
                name: pick.name,
                quantity: pick.count,
              })),
            })),
          }
        }),
      }
    },
  }
}

export type WeekService = ReturnType<typeof createWeekService>
