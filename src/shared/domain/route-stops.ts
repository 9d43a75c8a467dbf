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

/**
 * Words an address is written with in more than one way, each to one spelling: "Boulevard" and
 * "Blvd", "North" and "N". A unit's designator ("Apt", "Apartment", "Unit", "#") is dropped, so
 * "Apt 4", "apt. 4", "Unit 4", "#4" and a bare "4" after the street are the same door; a suite
 * ("Ste", "Suite") is kept apart.
 */
const SAME_WORD: Readonly<Record<string, string>> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  boulevard: 'blvd',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  parkway: 'pkwy',
  freeway: 'fwy',
  highway: 'hwy',
  circle: 'cir',
  trail: 'trl',
  terrace: 'ter',
  square: 'sq',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  suite: 'ste',
  apartment: '',
  apt: '',
  unit: '',
  '#': '',
}

/**
 * The door an address names, as a key: its street line with any apartment and its ZIP, without
 * the differences of writing (case, spaces, dots, commas, "Apt" or "#", "Street" or "St"). Two
 * orders with the same key are one stop of a route (docs/product.md#routes-and-deliveries); the
 * city is left out, the ZIP says where.
 */
export function addressKey(address: string | Pick<AddressParts, 'street' | 'zip'>): string {
  const { street, zip } = typeof address === 'string' ? addressParts(address) : address
  const words = street
    .toLowerCase()
    .replace(/#/g, ' # ')
    // "4-B" and "4B" are one apartment; "O'Neil" and "ONeil" one street
    .replace(/(?<=[\p{L}\p{N}])[-'’](?=[\p{L}\p{N}])/gu, '')
    .split(/[^\p{L}\p{N}#]+/u)
    .map((word) => SAME_WORD[word] ?? word)
    .filter((word) => word !== '')
  return `${words.join(' ')}|${zip}`
}

/**
 * Items grouped by the door their address names (`addressKey`), each group in the order the
 * items came and the groups in the order of their first item.
 */
export function groupByAddress<Item>(
  items: readonly Item[],
  addressOf: (item: Item) => string | Pick<AddressParts, 'street' | 'zip'>,
): Item[][] {
  const groups = new Map<string, Item[]>()
  for (const item of items) {
    const key = addressKey(addressOf(item))
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return [...groups.values()]
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
