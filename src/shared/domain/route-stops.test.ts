import { describe, expect, test } from 'vitest'
import { isServedZip } from './service-area.ts'
import { addressParts, defaultRoutes, orderStops, serviceAreaZips } from './route-stops.ts'

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
