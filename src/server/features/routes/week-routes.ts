import { orderNumber } from '#shared/domain/order-number.ts'
import {
  addressParts,
  groupByAddress,
  orderStops,
  type AddressParts,
} from '#shared/domain/route-stops.ts'
import { DELIVERY_STATUSES } from '#shared/schemas/order-status.ts'
import type { RouteWithStops, Stop, StopOrder, WeekRoutes } from '#shared/schemas/routes.ts'
import type { StopOrderRow } from '../orders/index.ts'

/** A route with its driver's name (docs/product.md#routes). */
export interface RouteRow {
  id: string
  name: string
  zips: string[]
  position: number
  driver: { id: string; name: string; email: string } | null
}

type Placed = ReadonlyMap<string, { routeId: string; position: number }>

/**
 * One door of a Saturday: its orders, the first placed first. The stop is its first order: its
 * id (where positions and taps are kept) and its address (docs/product.md#routes-and-deliveries).
 */
export interface StopWithAddress {
  id: string
  address: AddressParts
  orders: [StopOrderRow, ...StopOrderRow[]]
}

/** The first placed first; the id breaks a tie, so a stop's first order never changes. */
const byPlacing = (a: StopOrderRow, b: StopOrderRow) =>
  a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)

/**
 * A Saturday's orders as stops: the orders to one door (the same `addressKey`: street, apartment
 * and ZIP) are one stop, so a household that checked out twice is visited once
 * (docs/product.md#routes-and-deliveries). A ZIP is in one route at most, so a stop never spans
 * two routes.
 */
export function intoStops(orders: readonly StopOrderRow[]): StopWithAddress[] {
  const placed = [...orders]
    .sort(byPlacing)
    .map((order) => ({ order, address: addressParts(order.deliveryAddress) }))
  return groupByAddress(placed, ({ address }) => address).flatMap(
    ([first, ...rest]): StopWithAddress[] =>
      first
        ? [
            {
              id: first.order.id,
              address: first.address,
              orders: [first.order, ...rest.map(({ order }) => order)],
            },
          ]
        : [],
  )
}

/** A stop of one order (one no longer on any stop: cancelled or on hold since). */
export const alone = (order: StopOrderRow): StopWithAddress => ({
  id: order.id,
  address: addressParts(order.deliveryAddress),
  orders: [order],
})

const toStopOrder = (order: StopOrderRow): StopOrder => ({
  orderId: order.id,
  orderNumber: orderNumber(order.id),
  customerName: order.customerName,
  itemsCount: order.itemsCount,
  specialInstructions: order.specialInstructions,
  deliveryStatus: order.deliveryStatus,
  deliveredAt: order.deliveredAt?.toISOString() ?? null,
  deliveryNote: order.deliveryNote,
  paymentPending: order.paymentStatus === 'payment_failed',
})

/** Each different instruction once, in the orders' order. */
function joinedInstructions(orders: readonly StopOrderRow[]): string | null {
  const distinct = new Set(
    orders.flatMap(({ specialInstructions }) => specialInstructions?.trim() || []),
  )
  return distinct.size > 0 ? [...distinct].join(' / ') : null
}

/**
 * A stop reads as its first order, with every order listed; it is as far along as its least
 * advanced order, so it is delivered once all of them are (docs/product.md#routes-and-deliveries).
 */
export function toStop({ orders: [first, ...rest], address }: StopWithAddress): Stop {
  const orders = [first, ...rest]
  const statuses = new Set(orders.map(({ deliveryStatus }) => deliveryStatus))
  const deliveryStatus =
    DELIVERY_STATUSES.find((status) => statuses.has(status)) ?? first.deliveryStatus
  const delivered = deliveryStatus === 'delivered'
  const times = orders.flatMap(({ deliveredAt }) => (deliveredAt ? [deliveredAt.getTime()] : []))
  return {
    orderId: first.id,
    orderNumber: orderNumber(first.id),
    customerName: first.customerName,
    phone: orders.find(({ customerPhone }) => customerPhone)?.customerPhone ?? null,
    street: address.street,
    city: address.city,
    zip: address.zip,
    address: first.deliveryAddress,
    specialInstructions: joinedInstructions(orders),
    itemsCount: orders.reduce((sum, { itemsCount }) => sum + itemsCount, 0),
    deliveryStatus,
    deliveredAt: delivered && times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
    deliveryNote: delivered
      ? (orders.find(({ deliveryNote }) => deliveryNote)?.deliveryNote ?? null)
      : null,
    paymentPending: orders.some(({ paymentStatus }) => paymentStatus === 'payment_failed'),
    orders: orders.map(toStopOrder),
  }
}

/** The route whose ZIPs hold this stop's ZIP, if any (a ZIP is in one route at most). */
export function routeOfZip(routes: readonly RouteRow[], zip: string): RouteRow | undefined {
  return routes.find((route) => route.zips.includes(zip))
}

/**
 * One route's stops in order: saved positions on this route first, then the suggested order. A
 * stop is placed where the first of its orders was saved, so one whose orders were saved apart
 * (before they were one stop) is never split.
 */
export function stopsOfRoute(
  route: RouteRow,
  stops: readonly StopWithAddress[],
  placed: Placed,
): StopWithAddress[] {
  const mine = stops.filter((stop) => route.zips.includes(stop.address.zip))
  const saved = new Map<string, number>()
  for (const stop of mine) {
    for (const order of stop.orders) {
      const at = placed.get(order.id)
      if (at?.routeId !== route.id) continue
      saved.set(stop.id, Math.min(saved.get(stop.id) ?? at.position, at.position))
    }
  }
  return orderStops(mine, saved)
}

const toRoute = (route: RouteRow, stops: StopWithAddress[]): RouteWithStops => ({
  id: route.id,
  name: route.name,
  zips: route.zips,
  driver: route.driver,
  stops: stops.map(toStop),
})

/** A Saturday's orders as stops, grouped into the routes by ZIP (docs/product.md#routes). */
export function groupIntoRoutes(
  saturday: string,
  routes: readonly RouteRow[],
  orders: readonly StopOrderRow[],
  placed: Placed,
): WeekRoutes {
  const stops = intoStops(orders)
  const routed = new Set(routes.flatMap((route) => route.zips))
  return {
    saturday,
    routes: routes.map((route) => toRoute(route, stopsOfRoute(route, stops, placed))),
    unassigned: orderStops(
      stops.filter((stop) => !routed.has(stop.address.zip)),
      new Map(),
    ).map(toStop),
  }
}

export const routeWithStops = toRoute
