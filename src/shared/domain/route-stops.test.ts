import { describe, expect, test } from 'vitest'
import { isServedZip } from './service-area.ts'
import {
  addressKey,
  addressParts,
  defaultRoutes,
  groupByAddress,
  orderStops,
  serviceAreaZips,
} from './route-stops.ts'

const stop = (id: string, address: string) => ({ id, address: addressParts(address) })

describe('an order’s address in parts', () => {
  test('street, apartment, city and ZIP come apart; the house number is read off the street', () => {
    expect(addressParts('1200 Heights Blvd, Apt 4, Houston, TX 77008')).toEqual({
      street: '1200 Heights Blvd, Apt 4',
      city: 'Houston',
      zip: '77008',
      streetName: 'heights blvd',
      houseNumber: 1200,
    })
    expect(addressParts('Rice Village Lofts, Houston, TX 77005')).toMatchObject({
      streetName: 'rice village lofts',
      houseNumber: null,
      zip: '77005',
    })
  })
})

describe('the order of a route’s stops (docs/product.md#routes)', () => {
  const stops = [
    stop('a', '90 Yale St, Houston, TX 77008'),
    stop('b', '1200 Heights Blvd, Houston, TX 77008'),
    stop('c', '300 Main St, Houston, TX 77002'),
    stop('d', '15 Heights Blvd, Houston, TX 77008'),
    stop('e', '1400 Heights Blvd, Houston, TX 77008'),
  ]

  test('suggested: by ZIP, then street name, then house number as a number', () => {
    expect(orderStops(stops, new Map()).map(({ id }) => id)).toEqual(['c', 'd', 'b', 'e', 'a'])
  })

  test('a saved order wins; stops it does not know follow in the suggested order', () => {
    const saved = new Map([
      ['a', 0],
      ['c', 1],
    ])
    expect(orderStops(stops, saved).map(({ id }) => id)).toEqual(['a', 'c', 'd', 'b', 'e'])
  })
})

describe('one door, however its address is written (docs/product.md#routes-and-deliveries)', () => {
  const door = '1200 Heights Blvd, Apt 4, Houston, TX 77008'

  test('case, spaces, dots, commas and the apartment’s designator make no difference', () => {
    for (const same of [
      '1200 heights blvd, apt 4, Houston, TX 77008',
      '1200  Heights   Blvd,  Apt. 4 , Houston, TX 77008',
      '1200 Heights Blvd Apt 4, Houston, TX 77008',
      '1200 Heights Blvd, Apt 4,, Houston, TX 77008',
      '1200 Heights Blvd, #4, Houston, TX 77008',
      '1200 Heights Blvd, Apartment 4, Houston, TX 77008',
      '1200 Heights Blvd, Unit 4, Houston, TX 77008',
      '1200 Heights Blvd, 4, Houston, TX 77008',
      '1200 Heights Boulevard, Apt 4, Houston, TX 77008',
      '1200 Heights Blvd., Apt 4, HOUSTON, Texas 77008-1234',
      '1200 Heights Blvd, Apt 4, Bellaire, TX 77008',
    ]) {
      expect(addressKey(same), same).toBe(addressKey(door))
    }
    expect(addressKey(door)).toBe('1200 heights blvd 4|77008')
    expect(addressKey('2417 Bagby St, Apt 4-B, Houston, TX 77006')).toBe(
      addressKey('2417 Bagby Street, apt 4B, Houston, TX 77006'),
    )
    expect(addressKey('9 N Main St, Houston, TX 77002')).toBe(
      addressKey('9 North Main St, Houston, TX 77002'),
    )
  })

  test('another apartment, house, street, suite or ZIP is another door', () => {
    for (const other of [
      '1200 Heights Blvd, Apt 5, Houston, TX 77008',
      '1200 Heights Blvd, Houston, TX 77008',
      '1202 Heights Blvd, Apt 4, Houston, TX 77008',
      '1200 Yale St, Apt 4, Houston, TX 77008',
      '1200 Heights Blvd, Suite 4, Houston, TX 77008',
      '1200 Heights Blvd, Apt 4, Houston, TX 77009',
    ]) {
      expect(addressKey(other), other).not.toBe(addressKey(door))
    }
  })

  test('reads an address already in parts', () => {
    expect(addressKey(addressParts(door))).toBe(addressKey(door))
  })

  test('groups keep the order things came in', () => {
    const orders = [
      { id: 'a', address: '12 Yale St, Houston, TX 77008' },
      { id: 'b', address: door },
      { id: 'c', address: '12 yale st., Houston, TX 77008' },
      { id: 'd', address: '1200 Heights Blvd, Apt 5, Houston, TX 77008' },
    ]
    expect(
      groupByAddress(orders, ({ address }) => address).map((group) => group.map(({ id }) => id)),
    ).toEqual([['a', 'c'], ['b'], ['d']])
  })
})

describe('the default routes', () => {
  test('four named routes share every served ZIP, each ZIP in exactly one', () => {
    const routes = defaultRoutes()
    expect(routes).toHaveLength(4)
    const all = routes.flatMap(({ zips }) => zips)
    expect(new Set(all).size).toBe(all.length)
    expect(all.sort()).toEqual(serviceAreaZips())
    expect(all.every(isServedZip)).toBe(true)
    expect(routes[0]?.zips).toContain('77008')
    expect(routes[2]?.zips).toContain('77494')
  })
})
