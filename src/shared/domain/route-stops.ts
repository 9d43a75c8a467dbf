import { SERVICE_AREA_ZIP_RANGES } from './service-area.ts'

/**
 * Saturday routes (docs/product.md#routes): which route an address belongs to and the order a
 * driver visits its stops in. Pure rules, shared by the server and the pages.
 */

/** An order's address as stored ("1200 Heights Blvd, Apt 4, Houston, TX 77008"), in parts. */
export interface AddressParts {
  /** the street line with any apartment ("1200 Heights Blvd, Apt 4") */
  street: string
  city: string
  zip: string
  /** the street's name without the house number, lower-cased, for sorting ("heights blvd") */
  streetName: string
  /** the house number off the start of the street line; null when there is none */
  houseNumber: number | null
}

const ADDRESS = /^(?<street>.+?),\s*(?<city>[^,]+?),\s*(?:TX|Texas)\s+(?<zip>\d{5})(?:-\d{4})?\s*$/i
const HOUSE_NUMBER = /^\s*(?<number>\d+)[a-z]?\b[\s,-]*(?<rest>.*)$/i
const ZIP_AT_END = /(\d{5})(?:-\d{4})?\s*$/

export function addressParts(address: string): AddressParts {
  const match = ADDRESS.exec(address)
  const street = match?.groups?.street?.trim() ?? address.trim()
  const city = match?.groups?.city?.trim() ?? ''
  const zip = match?.groups?.zip ?? ZIP_AT_END.exec(address)?.[1] ?? ''
  const firstLine = street.split(',')[0]?.trim() ?? street
  const number = HOUSE_NUMBER.exec(firstLine)
  return {
    street,
    city,
    zip,
    streetName: (number?.groups?.rest ?? firstLine).trim().toLowerCase(),
    houseNumber: number?.groups?.number ? Number(number.groups.number) : null,
  }
}

/** The suggested order: ZIP, then street name, then house number (no number last). */
export function compareSuggested(a: AddressParts, b: AddressParts): number {
  if (a.zip !== b.zip) return a.zip < b.zip ? -1 : 1
  const byStreet = a.streetName.localeCompare(b.streetName, 'en')
  if (byStreet !== 0) return byStreet
  return (a.houseNumber ?? Number.MAX_SAFE_INTEGER) - (b.houseNumber ?? Number.MAX_SAFE_INTEGER)
}

/**
 * A route's stops in order: those the admin placed, in the saved positions, then every other
 * stop (added since the order was saved) in the suggested order, so no stop is ever dropped.
 */
export function orderStops<Stop extends { id: string; address: AddressParts }>(
  stops: readonly Stop[],
  saved: ReadonlyMap<string, number>,
): Stop[] {
  const suggested = [...stops].sort(
    (a, b) => compareSuggested(a.address, b.address) || a.id.localeCompare(b.id),
  )
  const placed = suggested
    .filter((stop) => saved.has(stop.id))
    .sort((a, b) => (saved.get(a.id) ?? 0) - (saved.get(b.id) ?? 0))
  return [...placed, ...suggested.filter((stop) => !saved.has(stop.id))]
}

/** Every ZIP the shop serves, in order. */
export function serviceAreaZips(): string[] {
  return SERVICE_AREA_ZIP_RANGES.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, index) => String(first + index)),
  )
}

/**
 * The routes the shop starts with: one per area of the service area's ZIP prefixes, with the
 * city of Houston's two prefixes (770, 772) together. Admins rename and redraw them.
 */
export const DEFAULT_ROUTE_AREAS = [
  { name: 'Central Houston', prefixes: ['770', '772'] },
  { name: 'North (Spring, Humble, Conroe)', prefixes: ['773'] },
  { name: 'West (Katy, Sugar Land, Bellaire)', prefixes: ['774'] },
  { name: 'East and Bay (Pasadena, Baytown)', prefixes: ['775'] },
] as const

export function defaultRoutes(): Array<{ name: string; zips: string[] }> {
  const zips = serviceAreaZips()
  return DEFAULT_ROUTE_AREAS.map(({ name, prefixes }) => ({
    name,
    zips: zips.filter((zip) => prefixes.some((prefix) => zip.startsWith(prefix))),
  }))
}
