import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/transaction.ts'

/** the job_runs name of a day's harvest e-mails (shown in the admin's Jobs tab) */
export const HARVEST_JOB = 'harvest_emails'

/** A Saturday as the instants its orders' delivery dates fall between (its Chicago day). */
export interface DayBounds {
  readonly start: Date
  readonly end: Date
}

/** One product of the day with its total, and its producer (a line of a harvest or pick list). */
export type ProductTotalRow = {
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

export type SummaryRow = {
  orders: number
  items: number
  notPacked: number
  notDelivered: number
  captured: string
  refunded: string
}

export type OrderRefRow = {
  id: string
  customerName: string
  total: string
}

export type UpcomingRow = {
  delivery: Date
  orders: number
  items: number
  total: string
}

export type SlipOrderRow = {
  id: string
  customerName: string
  customerPhone: string | null
  deliveryAddress: string
  specialInstructions: string | null
  packedAt: Date | null
}

export type SlipItemRow = {
  orderId: string
  name: string
  unit: string
  quantity: number
  isBox: boolean
  customSelections: { id: string; name: string; count: number }[] | null
}

export type ProducerRow = {
  id: string
  slug: string
  name: string
  email: string | null
}

/*
 * The orders of a Saturday: delivered on that Chicago day and not cancelled, with the lines they
 * have now (a change rewrites an order's lines). The index on (delivery_date, status) finds them.
 */
const dayOrders = ({ start, end }: DayBounds) => sql`
  select id from orders
   where delivery_date >= ${start} and delivery_date < ${end} and status <> 'cancelled'`

/**
 * Every product of a Saturday's orders with its total quantity: plain lines and boxes the farm
 * fills as they are, custom boxes as their chosen items (count × boxes). A line whose product
 * is gone keeps its name and finds its producer by the name it was sold under.
 */
const productTotals = (day: DayBounds) => sql`
  with day_orders as (${dayOrders(day)}),
  lines as (
    select item.product_id, item.product_name as name, item.farm_source, item.quantity
      from order_items item
      join day_orders on day_orders.id = item.order_id
     where item.custom_selections is null or jsonb_array_length(item.custom_selections) = 0
    union all
    select (pick ->> 'id')::uuid, pick ->> 'name', null, item.quantity * (pick ->> 'count')::int
      from order_items item
      join day_orders on day_orders.id = item.order_id
      cross join lateral jsonb_array_elements(item.custom_selections) as pick
     where jsonb_array_length(item.custom_selections) > 0
  ),
  totals as (
    select lines.product_id, min(lines.name) as name, min(lines.farm_source) as farm_source,
           sum(lines.quantity)::int as quantity
      from lines
     group by lines.product_id, case when lines.product_id is null then lines.name end
  )
  select totals.product_id as "productId",
         coalesce(product.name, totals.name) as name,
         coalesce(product.stock_count, '') as unit,
         totals.quantity,
         coalesce(product.category, '') as category,
         producer.id as "producerId",
         producer.slug as "producerSlug",
         coalesce(producer.name, totals.farm_source, 'Unknown producer') as "producerName",
         producer.email as "producerEmail"
    from totals
    left join products product on product.id = totals.product_id
    left join producers producer
      on producer.id = product.producer_id
      or (product.id is null and lower(producer.name) = lower(totals.farm_source))
   order by "producerName", name`

/** The week feature's reads: a Saturday's orders and lines, as lists and totals. */
export function createWeekRepo(db: Executor) {
  return {
    within: (tx: Executor) => createWeekRepo(tx),

    async productTotals(day: DayBounds): Promise<ProductTotalRow[]> {
      const result = await db.execute<ProductTotalRow>(productTotals(day))
      return result.rows
    },

    /** The query productTotals runs, for EXPLAIN in the bench. */
    productTotalsQuery: productTotals,

    async summary(day: DayBounds): Promise<SummaryRow> {
      const result = await db.execute<SummaryRow>(sql`
        select count(*) filter (where o.status <> 'cancelled')::int as orders,
               coalesce(sum(lines.items) filter (where o.status <> 'cancelled'), 0)::int as items,
               count(*) filter (where o.status <> 'cancelled' and o.packed_at is null)::int
                 as "notPacked",
               count(*) filter (where o.status <> 'cancelled' and o.delivery_status <> 'delivered')::int
                 as "notDelivered",
               coalesce(sum(o.captured_amount), 0)::text as captured,
               coalesce(sum(o.refunded_amount), 0)::text as refunded
          from orders o
          left join lateral (
            select sum(quantity) as items from order_items where order_id = o.id
          ) lines on true
         where o.delivery_date >= ${day.start} and o.delivery_date < ${day.end}`)
      const row = result.rows[0]
      if (!row) throw new Error('the summary query answered no row')
      return row
    },

    async failedPayments(day: DayBounds): Promise<OrderRefRow[]> {
      const result = await db.execute<OrderRefRow>(sql`
        select id, customer_name as "customerName", total::text as total
          from orders
         where delivery_date >= ${day.start} and delivery_date < ${day.end}
           and status <> 'cancelled' and payment_status = 'payment_failed'
         order by id`)
      return result.rows
    },

    /** The deliveries from `from` on that have orders, each with its totals so far. */
    async upcoming(from: Date, limit: number): Promise<UpcomingRow[]> {
      const result = await db.execute<UpcomingRow & { delivery: Date | string }>(sql`
        select o.delivery_date as delivery, count(*)::int as orders,
               coalesce(sum(lines.items), 0)::int as items, sum(o.total)::text as total
          from orders o
          left join lateral (
            select sum(quantity) as items from order_items where order_id = o.id
          ) lines on true
         where o.delivery_date >= ${from} and o.status <> 'cancelled'
         group by o.delivery_date
         order by o.delivery_date
         limit ${limit}`)
      return result.rows.map((row) => ({ ...row, delivery: new Date(row.delivery) }))
    },

    async slipOrders(day: DayBounds): Promise<SlipOrderRow[]> {
      const result = await db.execute<SlipOrderRow & { packedAt: Date | string | null }>(sql`
        select id, customer_name as "customerName", customer_phone as "customerPhone",
               delivery_address as "deliveryAddress",
               special_instructions as "specialInstructions", packed_at as "packedAt"
          from orders
         where delivery_date >= ${day.start} and delivery_date < ${day.end}
           and status <> 'cancelled'
         order by id`)
      return result.rows.map((row) => ({
        ...row,
        packedAt: row.packedAt === null ? null : new Date(row.packedAt),
      }))
    },

    async slipItems(day: DayBounds): Promise<SlipItemRow[]> {
      const result = await db.execute<SlipItemRow>(sql`
        select item.order_id as "orderId", coalesce(product.name, item.product_name) as name,
               coalesce(product.stock_count, '') as unit, item.quantity,
               (coalesce(product.category, '') = 'farm-boxes'
                 or item.custom_selections is not null) as "isBox",
               item.custom_selections as "customSelections"
          from order_items item
          join (${dayOrders(day)}) day_orders on day_orders.id = item.order_id
          left join products product on product.id = item.product_id
         order by item.order_id, item.created_at, item.id`)
      return result.rows
    },

    async producerBySlug(slug: string): Promise<ProducerRow | undefined> {
      const result = await db.execute<ProducerRow>(sql`
        select id, slug, name, email from producers where slug = ${slug}`)
      return result.rows[0]
    },

    /** When each producer's harvest e-mail for the day last went to the outbox. */
    async harvestSends(saturday: string): Promise<Map<string, Date>> {
      const result = await db.execute<{ producerId: string; sentAt: Date | string }>(sql`
        select split_part(dedupe_key, ':', 3) as "producerId", max(created_at) as "sentAt"
          from email_outbox
         where kind = 'harvest_list' and dedupe_key like ${`harvest:${saturday}:%`}
         group by 1`)
      return new Map(result.rows.map((row) => [row.producerId, new Date(row.sentAt)]))
    },

    /**
     * The deliveries between `from` and `until` that have orders and whose harvest e-mails have
     * not gone out yet (no finished run of HARVEST_JOB for their day).
     */
    async deliveriesWithoutHarvestRun(from: Date, until: Date): Promise<Date[]> {
      const result = await db.execute<{ delivery: Date | string }>(sql`
        select distinct o.delivery_date as delivery
          from orders o
         where o.delivery_date >= ${from} and o.delivery_date < ${until}
           and o.status <> 'cancelled'
           and not exists (
             select 1 from job_runs run
              where run.job = ${HARVEST_JOB} and run.status = 'finished'
                and run.run_key = to_char(o.delivery_date at time zone 'America/Chicago', 'YYYY-MM-DD'))
         order by 1`)
      return result.rows.map((row) => new Date(row.delivery))
    },

    /** The harvest e-mails of a day went out: a finished run the Jobs tab lists. */
    async recordHarvestRun(saturday: string, at: Date, producers: number): Promise<void> {
      await db.execute(sql`
        insert into job_runs (job, run_key, status, started_at, finished_at, succeeded)
        values (${HARVEST_JOB}, ${saturday}, 'finished', ${at}, ${at}, ${producers})`)
    },
  }
}

export type WeekRepo = ReturnType<typeof createWeekRepo>
