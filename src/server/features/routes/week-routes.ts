import { orderNumber } from '#shared/domain/order-number.ts'
import { addressParts, orderStops, type AddressParts } from '#shared/domain/route-stops.ts'
import type { RouteWithStops, Stop, WeekRoutes } from '#shared/schemas/routes.ts'
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

export interface StopWithAddress {
  id: string
  address: AddressParts
  order: StopOrderRow
}

export const withAddress = (order: StopOrderRow): StopWithAddress => ({
  id: order.id,
  address: addressParts(order.deliveryAddress),
  order,
})

export function toStop({ order, address }: StopWithAddress): Stop {
  return {
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    customerName: order.customerName,
    phone: order.customerPhone,
    street: address.street,
    city: address.city,
    zip: address.zip,
    address: order.deliveryAddress,
    specialInstructions: order.specialInstructions,
    itemsCount: order.itemsCount,
    deliveryStatus: order.deliveryStatus,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    deliveryNote: order.deliveryNote,
    paymentPending: order.paymentStatus === 'payment_failed',
  }
}

/** The route whose ZIPs hold this stop's ZIP, if any (a ZIP is in one route at most). */
export function routeOfZip(routes: readonly RouteRow[], zip: string): RouteRow | undefined {
  return routes.find((route) => route.zips.includes(zip))
}

/** One route's stops in order: saved positions on this route first, then the suggested order. */
export function stopsOfRoute(
  route: RouteRow,
  stops: readonly StopWithAddress[],
  placed: Placed,
): StopWithAddress[] {
  const mine = stops.filter((stop) => route.zips.includes(stop.address.zip))
  const saved = new Map<string, number>()
  for (const stop of mine) {
    const at = placed.get(stop.id)
    if (at?.routeId === route.id) saved.set(stop.id, at.position)
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

/** A Saturday's orders grouped into the routes by ZIP (docs/product.md#routes). */
export function groupIntoRoutes(
  saturday: string,
  routes: readonly RouteRow[],
  orders: readonly StopOrderRow[],
  placed: Placed,
): WeekRoutes {
  const stops = orders.map(withAddress)
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
