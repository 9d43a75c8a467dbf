import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { priceBasket } from './pricing.ts'
import { shortfallOf, shortNote, type ShortableLine } from './shortfalls.ts'

/** What items short take off an order (docs/product.md#refunds). */

const linesArb = fc.array(
  fc.record({
    price: fc.integer({ min: 1, max: 20_000 }),
    quantity: fc.integer({ min: 1, max: 6 }),
    taxable: fc.boolean(),
  }),
  { minLength: 1, maxLength: 6 },
)
const discountArb = fc.oneof(
  fc.constant(null),
  fc.record({ percentOff: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ amountOff: fc.integer({ min: 1, max: 10_000 }) }),
)

describe('shortfallOf', () => {
  test('shorting every item one at a time gives back exactly the total as sold', () => {
    fc.assert(
      fc.property(
        linesArb,
        discountArb,
        fc.integer({ min: 0, max: 2_000 }),
        (raw, discount, seed) => {
          const lines: ShortableLine[] = raw.map((line, index) => ({
            ...line,
            id: `line-${index}`,
            shortQuantity: 0,
          }))
          const sold = priceBasket(lines, discount)
          const order = {
            subtotal: sold.subtotal,
            discount: sold.discount,
            deliveryFee: sold.deliveryFee,
            taxRateBasisPoints: 825,
          }
          // an order of units, shorted in an order of the seed's choosing
          const units = lines.flatMap((line) =>
            Array.from({ length: line.quantity }, () => line.id),
          )
          let given = 0
          for (let step = 0; units.length > 0; step++) {
            const [itemId] = units.splice((seed + step * 7) % units.length, 1) as [string]
            const paying = sold.total - given
            const { amount } = shortfallOf(order, lines, { itemId, quantity: 1 }, paying)
            // never a shortfall that raises what the customer pays
            expect(amount).toBeGreaterThanOrEqual(0)
            given += amount
            const line = lines.find((found) => found.id === itemId) as ShortableLine
            Object.assign(line, { shortQuantity: line.shortQuantity + 1 })
          }
          expect(given).toBe(sold.total)
        },
      ),
      { numRuns: 3000 },
    )
  })

  test('a line gives back its price less its share of the discount, plus its tax', () => {
    const lines: ShortableLine[] = [
      { id: 'tomatoes', price: 450, quantity: 2, taxable: false, shortQuantity: 0 },
      { id: 'eggs', price: 600, quantity: 8, taxable: false, shortQuantity: 0 },
      { id: 'soap', price: 1200, quantity: 1, taxable: true, shortQuantity: 0 },
    ]
    const sold = priceBasket(lines, { percentOff: 10 })
    expect(sold.total).toBe(6907)
    const order = { ...sold, taxRateBasisPoints: 825 }
    expect(shortfallOf(order, lines, { itemId: 'tomatoes', quantity: 1 }).amount).toBe(405)
    expect(shortfallOf(order, lines, { itemId: 'soap', quantity: 1 }).amount).toBe(1178)
  })
})

describe('shortNote', () => {
  test('says how many of the line were short and what went back', () => {
    const line = { quantity: 2, shortQuantity: 1, shortAmount: '4.05' }
    expect(shortNote({ ...line, shortRefunded: true })).toBe('short: 1 of 2, refunded $4.05')
    expect(shortNote({ ...line, shortRefunded: false })).toBe('short: 1 of 2, taken off $4.05')
    expect(shortNote({ ...line, shortQuantity: 0, shortRefunded: false })).toBeNull()
  })
})
