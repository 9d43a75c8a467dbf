import { randomUUID } from 'node:crypto'
import { stringify } from 'csv-stringify/sync'
import { bagsFor } from '#shared/domain/bags.ts'
import { CATEGORIES, findCategory } from '#shared/domain/catalog.ts'
import { neutralizeCsvFormula } from '#shared/domain/csv-safety.ts'
import {
  chicagoDayBounds,
  chicagoDayOf,
  cutoffOfDelivery,
  deliveryOfSaturday,
  readDeliverySaturday,
} from '#shared/domain/delivery.ts'
import { centsToDecimal, decimalToCents } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type {
  Harvest,
  HarvestProducer,
  HarvestSent,
  PackingSlips,
  PickList,
  WeekLine,
  WeekSummary,
} from '#shared/schemas/week.ts'
import { AppError } from '../../app-error.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { OutboxService } from '../outbox/index.ts'
import { harvestEmail } from './harvest-email.ts'
import type { ProductTotalRow, WeekRepo } from './week.repo.ts'

export const HARVEST_EMAIL_KIND = 'harvest_list'
export const HARVEST_CSV_HEADER = ['Producer', 'Product', 'Unit', 'Quantity'] as const

/** how many of the next weeks with orders the summary lists */
const UPCOMING_WEEKS = 6
const HOUR = 60 * 60_000
/** Wednesday 20:00 to Saturday 05:00 is 57 hours, 58 across a clock change. */
const CUTOFF_TO_DELIVERY_MS = 58 * HOUR

/** The automatic harvest e-mail's key: once per Saturday and producer (docs/product.md#the-week). */
export const harvestDedupeKey = (saturday: string, producerId: string) =>
  `harvest:${saturday}:${producerId}`

interface ProducerLines {
  readonly producerId: string | null
  readonly producer: Omit<HarvestProducer, 'lastSentAt'>
}

const toLine = (row: ProductTotalRow): WeekLine => ({
  productId: row.productId,
  name: row.name,
  unit: row.unit,
  quantity: row.quantity,
})

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name)

/** Rows grouped by producer (its id, or its name when it has no row), producers by name. */
function groupByProducer(rows: readonly ProductTotalRow[]): ProducerLines[] {
  const groups = new Map<string, ProducerLines>()
  for (const row of rows) {
    const key = row.producerId ?? `name:${row.producerName.toLowerCase()}`
    let group = groups.get(key)
    if (!group) {
      group = {
        producerId: row.producerId,
        producer: {
          slug: row.producerSlug ?? '',
          name: row.producerName,
          email: row.producerEmail,
          lines: [],
        },
      }
      groups.set(key, group)
    }
    group.producer.lines.push(toLine(row))
  }
  const list = [...groups.values()]
  for (const group of list) group.producer.lines.sort(byName)
  return list.sort((a, b) => byName(a.producer, b.producer))
}

/**
 * The week at a glance, the harvest lists, the pick list and the packing slips of a Saturday
 * (docs/product.md#the-week), and the harvest e-mails the job tick sends at the cut-off.
 */
export function createWeekService({
  repo,
  transaction,
  outbox,
  now,
}: {
  repo: WeekRepo
  transaction: RunInTransaction
  outbox: Pick<OutboxService, 'enqueueWithin'>
  now: () => Date
}) {
  /** A Saturday from an address (the route's schema has read it already). */
  function saturdayOf(text: string) {
    const reading = readDeliverySaturday(text)
    if (!reading.ok) throw new AppError('BAD_REQUEST', { message: reading.message })
    const delivery = deliveryOfSaturday(text)
    return {
      saturday: text,
      day: chicagoDayBounds(text),
      cutoff: cutoffOfDelivery(delivery),
      provisional: now() < cutoffOfDelivery(delivery),
    }
  }

  async function producerLines(saturday: string) {
    return groupByProducer(await repo.productTotals(saturdayOf(saturday).day))
  }

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

  /** Writes one producer's harvest e-mail to the outbox under the given key. */
  async function enqueueHarvest(
    saturday: string,
    provisional: boolean,
    producer: Omit<HarvestProducer, 'lastSentAt'> & { email: string },
    dedupeKey: string,
  ) {
    await transaction((tx) =>
      outbox.enqueueWithin(tx, {
        kind: HARVEST_EMAIL_KIND,
        dedupeKey,
        orderId: null,
        message: harvestEmail({ ...producer, lastSentAt: null }, { saturday, provisional }),
      }),
    )
  }

  return {
    async summary(text: string): Promise<WeekSummary> {
      const { saturday, day, cutoff, provisional } = saturdayOf(text)
      const [totals, failed, upcoming] = await Promise.all([
        repo.summary(day),
        repo.failedPayments(day),
        repo.upcoming(day.end, UPCOMING_WEEKS * 2),
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
        notPacked: totals.notPacked,
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
      const { saturday } = saturdayOf(text)
      const rows = (await producerLines(saturday)).flatMap(({ producer }) =>
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

    async packingSlips(text: string): Promise<PackingSlips> {
      const { saturday, day, provisional } = saturdayOf(text)
      const [orders, items] = await Promise.all([repo.slipOrders(day), repo.slipItems(day)])
      const itemsOf = new Map<string, typeof items>()
      for (const item of items) {
        const list = itemsOf.get(item.orderId)
        if (list) list.push(item)
        else itemsOf.set(item.orderId, [item])
      }
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
            items: lines.map((line) => ({
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

    /** The admin's Send/Resend: a new e-mail every time it is asked. */
    async sendHarvest(text: string, producerSlug: string): Promise<HarvestSent> {
      const { saturday, provisional } = saturdayOf(text)
      const producer = await repo.producerBySlug(producerSlug)
      if (!producer) throw new AppError('PRODUCER_NOT_FOUND')
      const email = producer.email
      if (!email) {
        throw new AppError('BAD_REQUEST', {
          message: `${producer.name} has no e-mail address. Add one on the producers page first.`,
        })
      }
      const lines = (await producerLines(saturday)).find(
        (group) => group.producerId === producer.id,
      )
      if (!lines) {
        throw new AppError('BAD_REQUEST', {
          message: `${producer.name} has nothing to harvest for ${saturday}.`,
        })
      }
      await enqueueHarvest(
        saturday,
        provisional,
        { ...lines.producer, email },
        `${harvestDedupeKey(saturday, producer.id)}:sent:${randomUUID()}`,
      )
      return { message: `Harvest list sent to ${email}`, recipient: email }
    },

    /**
     * What the minute's tick sends (after the cut-off's captures): for every Saturday whose
     * cut-off has passed and whose day has not ended, each producer with an e-mail address and
     * something to bring gets its harvest list, and the day's run is recorded in the same
     * transaction, so later ticks skip the day. The outbox's dedupe key makes a second process
     * racing this one add no second e-mail.
     */
    async tick(): Promise<void> {
      const at = now()
      const deliveries = await repo.deliveriesWithoutHarvestRun(
        new Date(at.getTime() - 24 * HOUR),
        new Date(at.getTime() + CUTOFF_TO_DELIVERY_MS),
      )
      for (const delivery of deliveries) {
        if (cutoffOfDelivery(delivery) > at) continue
        const saturday = chicagoDayOf(delivery)
        if (!readDeliverySaturday(saturday).ok) continue
        const groups = await producerLines(saturday)
        await transaction(async (tx) => {
          let producers = 0
          for (const { producerId, producer } of groups) {
            const email = producer.email
            if (!producerId || !email) continue
            await outbox.enqueueWithin(tx, {
              kind: HARVEST_EMAIL_KIND,
              dedupeKey: harvestDedupeKey(saturday, producerId),
              orderId: null,
              message: harvestEmail(
                { ...producer, email, lastSentAt: null },
                { saturday, provisional: false },
              ),
            })
            producers++
          }
          await repo.within(tx).recordHarvestRun(saturday, at, producers)
        })
      }
    },
  }
}

export type WeekService = ReturnType<typeof createWeekService>
