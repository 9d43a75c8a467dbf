import { and, asc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm'
import type { DeliveryStatus, OrderStatus, PaymentState } from '#shared/schemas/order-status.ts'
import { orderItems, orders } from '../../db/schema/orders.ts'
import type { Executor } from '../../db/transaction.ts'

/*
 * The reads other features make of orders (docs/product.md#orders): the week's lists and
 * totals, the routes' stops and the "Buy again" ranking. Only order data leaves here: the
 * products' and producers' facts of today are the catalogue's to add.
 */

/** A Houston calendar day as the instants its orders' delivery dates fall between. */
export interface DayBounds {
  readonly start: Date
  readonly end: Date
}

/**
 * A product's total on a day's orders: its id (null for a line sold without one), the name and
 * producer name it was sold under, and the quantity.
 */
export type LineTotalRow = {
  productId: string | null
  name: string
  /** the producer's name the line was sold from; null for a custom box's chosen item */
  farmSource: string | null
  quantity: number
}

export type DaySummaryRow = {
  orders: number
  items: number
  notPacked: number
  notDelivered: number
  /** "12.99" */
  captured: string
  refunded: string
  /** orders on hold, unpaid at their deadline: in none of the counts above */
  onHold: number
  /** "12.99": what the orders on hold would pay */
  onHoldTotal: string
}

export type FailedPaymentRow = {
  id: string
  customerName: string
  /** "12.99" */
  total: string
}

export type UpcomingDeliveryRow = {
  delivery: Date
  orders: number
  items: number
  /** "12.99" */
  total: string
}

export type SlipOrderRow = {
  id: string
  customerName: string
  customerPhone: string | null
  deliveryAddress: string
  specialInstructions: string | null
  packedAt: Date | null
  status: OrderStatus
  paymentStatus: PaymentState
}

export type SlipLineRow = {
  orderId: string
  /** the order line's id (an item short is made on it) */
  itemId: string
  productId: string | null
  productName: string
  /** what is left to pack: what was sold less what was short (a line all short is left out) */
  quantity: number
  /** a built box's chosen items; an empty list for "Farmer's choice"; null for other lines */
  customSelections: { id: string; name: string; count: number }[] | null
  /** whether the line has its selections column set: a box, chosen or the farmer's */
  hasSelections: boolean
}

/** What was short on a day's orders of one product, as sold (docs/product.md#refunds). */
export type ShortfallTotalRow = {
  productId: string | null
  name: string
  /** the producer's name the line was sold from */
  farmSource: string
  quantity: number
  /** what those shortfalls took off the orders: "12.99" */
  amount: string
}

/** What a route's stop shows of its order. */
export type StopOrderRow = {
  id: string
  customerName: string
  customerPhone: string | null
  deliveryAddress: string
  specialInstructions: string | null
  status: OrderStatus
  paymentStatus: PaymentState
  deliveryStatus: DeliveryStatus
  deliveryDate: Date
  deliveredAt: Date | null
  deliveryNote: string | null
  itemsCount: number
  /** when it was placed: the first of a stop's orders is the stop (docs/product.md#routes) */
  createdAt: Date
}

/** A product a customer ordered, and its place: 1 for the most ordered (ties share a place). */
export type OrderedProductRow = {
  productId: string
  rank: number
}

/*
 * The orders of a Saturday: delivered on that Chicago day and not cancelled, with the lines they
 * have now (a change rewrites an order's lines). The index on (delivery_date, status) finds them.
 * Orders on hold are not packed (docs/product.md#the-week): only their packing slips read them.
 */
/** so many of a product held by one order */
export type OrderedQuantityRow = {
  orderId: string
  productId: string
  quantity: number
}

const dayOrders = ({ start, end }: DayBounds, { withHeld = false } = {}) => sql`
  select id from orders
   where delivery_date >= ${start} and delivery_date < ${end} and status <> 'cancelled'
     ${withHeld ? sql`` : sql`and status <> 'on_hold'`}`

/** the orders to pack and deliver: neither cancelled nor on hold */
const ACTIVE = sql`o.status not in ('cancelled', 'on_hold')`

/**
 * Every product of a day's orders with its total quantity: plain lines and boxes the farm fills
 * as they are, custom boxes as their chosen items (count × boxes). Lines are one product by its
 * id, or by the name they were sold under when they have none. What was short at packing is
 * left out (docs/product.md#refunds).
 */
const lineTotals = (day: DayBounds) => sql`
  with day_orders as (${dayOrders(day)}),
  lines as (
    select item.product_id, item.product_name as name, item.farm_source,
           item.quantity - item.short_quantity as quantity
      from order_items item
      join day_orders on day_orders.id = item.order_id
     where (item.custom_selections is null or jsonb_array_length(item.custom_selections) = 0)
       and item.quantity > item.short_quantity
    union all
    select (pick ->> 'id')::uuid, pick ->> 'name', null,
           (item.quantity - item.short_quantity) * (pick ->> 'count')::int
      from order_items item
      join day_orders on day_orders.id = item.order_id
      cross join lateral jsonb_array_elements(item.custom_selections) as pick
     where jsonb_array_length(item.custom_selections) > 0
       and item.quantity > item.short_quantity
  )
  select lines.product_id as "productId", min(lines.name) as name,
         min(lines.farm_source) as "farmSource", sum(lines.quantity)::int as quantity
    from lines
   group by lines.product_id, case when lines.product_id is null then lines.name end`

/**
 * What each of a day's orders holds of these products (docs/product.md#weekly-quantities): its
 * lines less what was short, and a farm box's chosen items as many times as the box.
 */
const orderedQuantities = (day: DayBounds, productIds: readonly string[]) => sql`
  with day_orders as (${dayOrders(day, { withHeld: true })}),
  wanted as (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::uuid as id),
  lines as (
    select item.order_id, item.product_id, item.quantity - item.short_quantity as quantity
      from order_items item
      join day_orders on day_orders.id = item.order_id
     where item.product_id in (select id from wanted)
    union all
    select item.order_id, (pick ->> 'id')::uuid,
           (item.quantity - item.short_quantity) * (pick ->> 'count')::int
      from order_items item
      join day_orders on day_orders.id = item.order_id
      cross join lateral jsonb_array_elements(item.custom_selections) as pick
     where jsonb_array_length(item.custom_selections) > 0
       and (pick ->> 'id')::uuid in (select id from wanted)
  )
  select order_id as "orderId", product_id as "productId", sum(quantity)::int as quantity
    from lines
   where quantity > 0
   group by order_id, product_id`

const stopColumns = {
  id: orders.id,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  deliveryAddress: orders.deliveryAddress,
  specialInstructions: orders.specialInstructions,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  deliveryStatus: orders.deliveryStatus,
  deliveryDate: orders.deliveryDate,
  deliveredAt: orders.deliveredAt,
  deliveryNote: orders.deliveryNote,
  createdAt: orders.createdAt,
  // spelled out: inside a subquery drizzle would leave the columns' tables unnamed
  itemsCount: sql<number>`coalesce((select sum(oi.quantity) from order_items oi where oi.order_id = "orders"."id"), 0)::int`,
}

/** A timestamp read by db.execute arrives as text: the instant it names. */
const instant = (value: Date | string) => new Date(value)

export function createOrderReadsRepo(db: Executor) {
  return {
    within: (tx: Executor) => createOrderReadsRepo(tx),

    async orderedQuantities(
      day: DayBounds,
      productIds: readonly string[],
    ): Promise<OrderedQuantityRow[]> {
      if (productIds.length === 0) return []
      const result = await db.execute<OrderedQuantityRow>(orderedQuantities(day, productIds))
      return result.rows
    },

    /** Which of these orders are for the day and not cancelled. */
    async activeAmong(day: DayBounds, orderIds: readonly string[]): Promise<string[]> {
      if (orderIds.length === 0) return []
      const result = await db.execute<{ id: string }>(sql`
        select id from (${dayOrders(day, { withHeld: true })}) day_orders
         where id in (select jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb)::uuid)`)
      return result.rows.map((row) => row.id)
    },

    async lineTotals(day: DayBounds): Promise<LineTotalRow[]> {
      const result = await db.execute<LineTotalRow>(lineTotals(day))
      return result.rows
    },

    /** The query lineTotals runs, for EXPLAIN in the bench (scripts/bench/week.mjs). */
    lineTotalsQuery: lineTotals,

    /** The day's counts and money; cancelled orders count only for the money that moved. */
    async daySummary(day: DayBounds): Promise<DaySummaryRow> {
      const result = await db.execute<DaySummaryRow>(sql`
        select count(*) filter (where ${ACTIVE})::int as orders,
               coalesce(sum(lines.items) filter (where ${ACTIVE}), 0)::int as items,
               count(*) filter (where ${ACTIVE} and o.packed_at is null)::int as "notPacked",
               count(*) filter (where ${ACTIVE} and o.delivery_status <> 'delivered')::int
                 as "notDelivered",
               coalesce(sum(o.captured_amount), 0)::text as captured,
               coalesce(sum(o.refunded_amount), 0)::text as refunded,
               count(*) filter (where o.status = 'on_hold')::int as "onHold",
               coalesce(sum(o.total) filter (where o.status = 'on_hold'), 0)::text
                 as "onHoldTotal"
          from orders o
          left join lateral (
            select sum(quantity) as items from order_items where order_id = o.id
          ) lines on true
         where o.delivery_date >= ${day.start} and o.delivery_date < ${day.end}`)
      const row = result.rows[0]
      if (!row) throw new Error('the summary query answered no row')
      return row
    },

    async failedPayments(day: DayBounds): Promise<FailedPaymentRow[]> {
      const result = await db.execute<FailedPaymentRow>(sql`
        select id, customer_name as "customerName", total::text as total
          from orders
         where delivery_date >= ${day.start} and delivery_date < ${day.end}
           and status not in ('cancelled', 'on_hold') and payment_status = 'payment_failed'
         order by id`)
      return result.rows
    },

    /** The delivery instants from `from` on that have orders, each with its totals so far. */
    async upcomingDeliveries(from: Date, limit: number): Promise<UpcomingDeliveryRow[]> {
      const result = await db.execute<UpcomingDeliveryRow & { delivery: Date | string }>(sql`
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
      return result.rows.map((row) => ({ ...row, delivery: instant(row.delivery) }))
    },

    async slipOrders(day: DayBounds): Promise<SlipOrderRow[]> {
      const result = await db.execute<SlipOrderRow & { packedAt: Date | string | null }>(sql`
        select id, customer_name as "customerName", customer_phone as "customerPhone",
               delivery_address as "deliveryAddress",
               special_instructions as "specialInstructions", packed_at as "packedAt",
               status, payment_status as "paymentStatus"
          from orders
         where delivery_date >= ${day.start} and delivery_date < ${day.end}
           and status <> 'cancelled'
         order by id`)
      return result.rows.map((row) => ({
        ...row,
        packedAt: row.packedAt === null ? null : instant(row.packedAt),
      }))
    },

    /** The lines of the day's orders, by order, in the order they were added. */
    async slipLines(day: DayBounds): Promise<SlipLineRow[]> {
      const result = await db.execute<SlipLineRow>(sql`
        select item.order_id as "orderId", item.id as "itemId",
               item.product_id as "productId", item.product_name as "productName",
               item.quantity - item.short_quantity as quantity,
               item.custom_selections as "customSelections",
               item.custom_selections is not null as "hasSelections"
          from order_items item
          join (${dayOrders(day, { withHeld: true })}) day_orders on day_orders.id = item.order_id
         where item.quantity > item.short_quantity
         order by item.order_id, item.created_at, item.id`)
      return result.rows
    },

    /** The lines of some orders, as slipLines reads a day's. */
    async slipLinesOf(orderIds: readonly string[]): Promise<SlipLineRow[]> {
      if (orderIds.length === 0) return []
      const rows = await db
        .select({
          orderId: orderItems.orderId,
          itemId: orderItems.id,
          productId: orderItems.productId,
          productName: orderItems.productName,
          quantity: sql<number>`${orderItems.quantity} - ${orderItems.shortQuantity}`,
          customSelections: orderItems.customSelections,
          hasSelections: sql<boolean>`${orderItems.customSelections} is not null`,
        })
        .from(orderItems)
        .where(
          and(
            inArray(orderItems.orderId, [...orderIds]),
            sql`${orderItems.quantity} > ${orderItems.shortQuantity}`,
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.createdAt), asc(orderItems.id))
      return rows.map((row) => ({
        ...row,
        customSelections: row.customSelections as SlipLineRow['customSelections'],
      }))
    },

    /** What was short on the day's orders, by producer and product (docs/product.md#refunds). */
    async shortfallTotals(day: DayBounds): Promise<ShortfallTotalRow[]> {
      const result = await db.execute<ShortfallTotalRow>(sql`
        select item.product_id as "productId", min(item.product_name) as name,
               item.farm_source as "farmSource", sum(short.quantity)::int as quantity,
               sum(short.amount)::text as amount
          from order_item_shortfalls short
          join order_items item on item.id = short.order_item_id
          join (${dayOrders(day)}) day_orders on day_orders.id = short.order_id
         group by item.farm_source, item.product_id,
                  case when item.product_id is null then item.product_name end
         order by item.farm_source, min(item.product_name)`)
      return result.rows
    },

    /** The distinct delivery instants in [from, until) of orders that are not cancelled. */
    async deliveryInstants(from: Date, until: Date): Promise<Date[]> {
      const result = await db.execute<{ delivery: Date | string }>(sql`
        select distinct delivery_date as delivery
          from orders
         where delivery_date >= ${from} and delivery_date < ${until} and status <> 'cancelled'
         order by 1`)
      return result.rows.map((row) => instant(row.delivery))
    },

    /** The day's orders that are neither cancelled nor on hold (not delivered), as stops. */
    async stopsOn(day: DayBounds): Promise<StopOrderRow[]> {
      return db
        .select(stopColumns)
        .from(orders)
        .where(
          and(
            gte(orders.deliveryDate, day.start),
            lt(orders.deliveryDate, day.end),
            notInArray(orders.status, ['cancelled', 'on_hold']),
          ),
        )
    },

    async stop(orderId: string): Promise<StopOrderRow | undefined> {
      const [row] = await db.select(stopColumns).from(orders).where(eq(orders.id, orderId))
      return row
    },

    /**
     * The products of a customer's orders that went through (not cancelled; payment authorised
     * or taken), ranked by the number of those orders holding each, then by the latest of them
     * (docs/product.md#buy-again).
     */
    async orderedProducts(userId: string): Promise<OrderedProductRow[]> {
      const result = await db.execute<OrderedProductRow>(sql`
        select item.product_id as "productId",
               dense_rank() over (order by count(distinct o.id) desc, max(o.created_at) desc)::int
                 as rank
          from order_items item
          join orders o on o.id = item.order_id
         where o.user_id = ${userId} and o.status <> 'cancelled'
           and o.payment_status in ('authorized', 'captured', 'partially_refunded')
           and item.product_id is not null
         group by item.product_id
         order by rank, item.product_id`)
      return result.rows
    },
  }
}

export type OrderReadsRepo = ReturnType<typeof createOrderReadsRepo>
