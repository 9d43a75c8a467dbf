import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DELIVERY_FEE_CENTS,
  discountOn,
  priceBasket,
  subtotalOf,
  type Discount,
} from './pricing.ts'

const subtotals = fc.integer({ min: 0, max: 5_000_000 })
const discounts: fc.Arbitrary<Discount | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 100 }).map((percentOff) => ({ percentOff })),
  fc.integer({ min: 1, max: 10_000_000 }).map((amountOff) => ({ amountOff })),
)

describe('priceBasket: properties', () => {
  it('total = discounted subtotal + tax + delivery fee', () => {
    fc.assert(
      fc.property(subtotals, discounts, (subtotal, discount) => {
        const totals = priceBasket(subtotal, discount)
        expect(totals.total).toBe(
          totals.subtotal - totals.discount + totals.tax + totals.deliveryFee,
        )
      }),
    )
  })

  it('the discount is never negative and never above the subtotal; tax is never negative', () => {
    fc.assert(
      fc.property(subtotals, discounts, (subtotal, discount) => {
        const totals = priceBasket(subtotal, discount)
        expect(totals.discount).toBeGreaterThanOrEqual(0)
        expect(totals.discount).toBeLessThanOrEqual(subtotal)
        expect(totals.tax).toBeGreaterThanOrEqual(0)
        expect(Number.isInteger(totals.tax)).toBe(true)
      }),
    )
  })

  it('tax is 8.25 % of the taxable amount, rounded half-up to the cent', () => {
    fc.assert(
      fc.property(subtotals, discounts, (subtotal, discount) => {
        const { tax, discount: off } = priceBasket(subtotal, discount)
        const exactTimes10000 = (subtotal - off) * 825 // tax × 10,000, exactly
        // half-up: the rounded tax is within half a cent, and exact halves go up
        expect(Math.abs(tax * 10_000 - exactTimes10000)).toBeLessThanOrEqual(5_000)
        if (exactTimes10000 % 10_000 === 5_000)
          expect(tax * 10_000).toBeGreaterThan(exactTimes10000)
      }),
    )
  })

  it('delivery is free exactly from a 99.00 subtotal, whatever the discount', () => {
    fc.assert(
      fc.property(subtotals, discounts, (subtotal, discount) => {
        const totals = priceBasket(subtotal, discount)
        expect(totals.deliveryFee).toBe(subtotal >= 9900 ? 0 : DELIVERY_FEE_CENTS)
        expect(totals.freeDeliveryRemaining).toBe(Math.max(0, 9900 - subtotal))
      }),
    )
  })
})

describe('priceBasket: the edges', () => {
  it.each([
    // subtotal, minimum still needed, free delivery still needed, fee
    [5999, 1, 3901, 599],
    [6000, 0, 3900, 599],
    [9899, 0, 1, 599],
    [9900, 0, 0, 0],
    [0, 6000, 9900, 599],
  ])(
    'subtotal %i: %i short of the minimum, %i short of free delivery, fee %i',
    (subtotal, min, free, fee) => {
      const totals = priceBasket(subtotal)
      expect(totals.minimumOrderRemaining).toBe(min)
      expect(totals.freeDeliveryRemaining).toBe(free)
      expect(totals.deliveryFee).toBe(fee)
    },
  )

  it('prices a 64.27 basket with WELCOME10', () => {
    // 10 % of 64.27 = 6.427 → 6.43; taxable 57.84; tax 4.7718 → 4.77; total 57.84 + 4.77 + 5.99 = 68.60
    expect(priceBasket(6427, { percentOff: 10 })).toEqual({
      subtotal: 6427,
      discount: 643,
      tax: 477,
      deliveryFee: 599,
      total: 6860,
      freeDeliveryRemaining: 3473,
      minimumOrderRemaining: 0,
    })
  })

  it('rounds a half cent of tax up', () => {
    // 2.00 × 8.25 % = 0.165 → 0.17
    expect(priceBasket(200).tax).toBe(17)
    // 6.00 × 8.25 % = 0.495 → 0.50
    expect(priceBasket(600).tax).toBe(50)
  })

  it('a coupon larger than the basket makes the goods free, never negative', () => {
    const totals = priceBasket(350, { amountOff: 500 })
    expect(totals.discount).toBe(350)
    expect(totals.tax).toBe(0)
    expect(totals.total).toBe(DELIVERY_FEE_CENTS)
  })

  it('free delivery is judged before the discount', () => {
    const totals = priceBasket(9900, { amountOff: 500 })
    expect(totals.deliveryFee).toBe(0)
    expect(totals.total).toBe(9400 + 776)
  })

  it('refuses amounts that are not whole, non-negative cents', () => {
    expect(() => priceBasket(-1)).toThrow(RangeError)
    expect(() => priceBasket(10.5)).toThrow(RangeError)
    expect(() => discountOn(100, { amountOff: -5 })).toThrow(RangeError)
  })

  it('adds up lines', () => {
    expect(
      subtotalOf([
        { price: 499, quantity: 3 },
        { price: 1299, quantity: 1 },
      ]),
    ).toBe(2796)
  })
})
