import {
  chicagoDayBounds,
  cutoffOfDelivery,
  deliveryOfSaturday,
  readDeliverySaturday,
} from '#shared/domain/delivery.ts'
import type { HarvestProducer, WeekLine } from '#shared/schemas/week.ts'
import { AppError } from '../../app-error.ts'
import type { ProductTotalRow } from './week-reads.ts'

/*
 * What the week's lists share (docs/product.md#the-week): reading a Saturday from an address,
 * and a day's product totals grouped by producer.
 */

/** A Saturday from an address (the route's schema has read it already), and where it stands. */
export function readSaturday(text: string, now: Date) {
  const reading = readDeliverySaturday(text)
  if (!reading.ok) throw new AppError('BAD_REQUEST', { message: reading.message })
  const cutoff = cutoffOfDelivery(deliveryOfSaturday(text))
  return { saturday: text, day: chicagoDayBounds(text), cutoff, provisional: now < cutoff }
}

export interface ProducerLines {
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
export function groupByProducer(rows: readonly ProductTotalRow[]): ProducerLines[] {
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
