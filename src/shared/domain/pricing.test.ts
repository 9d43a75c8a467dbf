import fc from 'fast-check'
import { describe, expect, it, test } from 'vitest'
import {
  DELIVERY_FEE_CENTS,
  discountOn,
  priceBasket,
  priceRemainingOrder,
  subtotalOf,
  taxRateLabel,
  type Discount,
  type PricingLine,
} from './pricing.ts'

/** one taxable line worth the whole subtotal: the rule as it was before exempt food */
const taxedAt = (subtotal: number): PricingLine[] => [
  { price: subtotal, quantity: 1, taxable: true },
]
const exemptAt = (subtotal: number): PricingLine[] => [
  { price: subtotal, quantity: 1, taxable: false },
]
const lineArb: fc.Arbitrary<PricingLine> = fc.record({
  price: fc.integer({ min: 1, max: 50_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  taxable: fc.boolean(),
})
const basketArb = fc.array(lineArb, { minLength: 0, maxLength: 12 })

const subtotals = fc.integer({ min: 0, max: 5_000_000 })
const discounts: fc.Arbitrary<Discount | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 100 }).map((percentOff) => ({ percentOff })),
  fc.integer({ min: 1, max: 10_000_000 }).map((amountOff) => ({ amountOff })),
)

describe('priceBasket: properties', () => {
  it('total = discounted subtotal + tax + delivery fee', () => {
    fc.assert(
      fc.property(basketArb, discounts, (lines, discount) => {
        const totals = priceBasket(lines, discount)
        expect(totals.total).toBe(
          totals.subtotal - totals.discount + totals.tax + totals.deliveryFee,
        )
      }),
    )
  })

  it('the discount is never negative and never above the subtotal; tax is never negative', () => {
    fc.assert(
      fc.property(basketArb, discounts, (lines, discount) => {
        const totals = priceBasket(lines, discount)
        const subtotal = subtotalOf(lines)
        expect(totals.subtotal).toBe(subtotal)
        expect(totals.discount).toBeGreaterThanOrEqual(0)
        expect(totals.discount).toBeLessThanOrEqual(subtotal)
        expect(totals.tax).toBeGreaterThanOrEqual(0)
        expect(Number.isInteger(totals.tax)).toBe(true)
      }),
    )
  })

  it('tax is 8.25 % of the taxable lines less their discount share plus their fee share, rounded half-up once', () => {
    fc.assert(
      fc.property(basketArb, discounts, (lines, discount) => {
        const totals = priceBasket(lines, discount)
        const subtotal = subtotalOf(lines)
        const taxable = subtotalOf(lines.filter((line) => line.taxable))
        if (subtotal === 0) {
          expect(totals.tax).toBe(0)
          return
        }
        // tax × 10,000 × subtotal, exactly, in integers
        const exact =
          BigInt(taxable) * BigInt(subtotal - totals.discount + totals.deliveryFee) * 825n
        const scaled = BigInt(totals.tax) * 10_000n * BigInt(subtotal)
        const half = 5_000n * BigInt(subtotal)
        const gap = scaled - exact
        // half-up: within half a cent, and exact halves go up
        expect(gap <= half && gap > -half).toBe(true)
      }),
    )
  })

  it('a basket of exempt food pays no tax; an all-taxable one is taxed on goods and delivery', () => {
    fc.assert(
      fc.property(subtotals, discounts, (subtotal, discount) => {
        expect(priceBasket(exemptAt(subtotal), discount).tax).toBe(0)
        if (subtotal === 0) return
        const taxed = priceBasket(taxedAt(subtotal), discount)
        expect(taxed.taxableSales).toBe(subtotal - taxed.discount + taxed.deliveryFee)
        expect(taxed.exemptSales).toBe(0)
      }),
    )
  })

  it('taxable and exempt sales add up to what was sold', () => {
    fc.assert(
      fc.property(basketArb, discounts, (lines, discount) => {
        const totals = priceBasket(lines, discount)
        expect(totals.taxableSales + totals.exemptSales).toBe(
          totals.subtotal - totals.discount + totals.deliveryFee,
        )
        expect(totals.taxableSales).toBeGreaterThanOrEqual(0)
        expect(totals.exemptSales).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  it('delivery is free exactly from a 99.00 subtotal, whatever the discount', () => {
    fc.assert(
      fc.property(subtotals, discounts, (subtotal, discount) => {
        const totals = priceBasket(exemptAt(subtotal), discount)
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
      const totals = priceBasket(exemptAt(subtotal))
      expect(totals.minimumOrderRemaining).toBe(min)
      expect(totals.freeDeliveryRemaining).toBe(free)
      expect(totals.deliveryFee).toBe(fee)
    },
  )

  it('prices a 64.27 basket of exempt food with WELCOME10: no tax', () => {
    // 10 % of 64.27 = 6.427 → 6.43; total 57.84 + 5.99 = 63.83
    expect(priceBasket(exemptAt(6427), { percentOff: 10 })).toEqual({
      subtotal: 6427,
      discount: 643,
      tax: 0,
      deliveryFee: 599,
      total: 6383,
      taxableSales: 0,
      exemptSales: 6383,
      freeDeliveryRemaining: 3473,
      minimumOrderRemaining: 0,
    })
  })

  it('prices a mixed basket with a coupon and a delivery fee (the example in docs/product.md#tax)', () => {
    // kombucha 2 × 4.50 = 9.00 taxable, produce 55.27 exempt: subtotal 64.27
    // WELCOME10: 6.43 off; sales 64.27 − 6.43 + 5.99 = 63.83
    // taxable sales 9.00 × 63.83 / 64.27 = 8.9384… → 8.94; tax 8.25 % of that exactly, 0.73742… → 0.74
    const totals = priceBasket(
      [
        { price: 450, quantity: 2, taxable: true },
        { price: 5527, quantity: 1, taxable: false },
      ],
      { percentOff: 10 },
    )
    expect(totals).toMatchObject({
      subtotal: 6427,
      discount: 643,
      deliveryFee: 599,
      taxableSales: 894,
      exemptSales: 5489,
      tax: 74,
      total: 6427 - 643 + 599 + 74,
    })
  })

  it('rounds a half cent of tax up', () => {
    // a taxable $2.00 under $99 carries the whole $5.99 fee: 8.25 % of $7.99 is 65.9175 cents → 66
    expect(priceBasket(taxedAt(200)).tax).toBe(66)
    // $100.00 of taxable goods, delivery free: 8.25 % is exactly 825 cents, nothing to round
    expect(priceBasket([{ price: 200, quantity: 50, taxable: true }]).tax).toBe(825)
    // $6.00 of a $99.00 basket is taxable, delivery free: 49.5 cents, a half, goes up to 50
    expect(
      priceBasket([
        { price: 600, quantity: 1, taxable: true },
        { price: 9300, quantity: 1, taxable: false },
      ]).tax,
    ).toBe(50)
  })

  it('a coupon larger than the basket makes the goods free, the fee is still taxed on taxable lines', () => {
    const totals = priceBasket(taxedAt(350), { amountOff: 500 })
    expect(totals.discount).toBe(350)
    // 5.99 × 8.25 % = 0.494… → 0.49
    expect(totals.tax).toBe(49)
    expect(totals.total).toBe(DELIVERY_FEE_CENTS + 49)
    expect(priceBasket(exemptAt(350), { amountOff: 500 }).total).toBe(DELIVERY_FEE_CENTS)
  })

  it('free delivery is judged before the discount', () => {
    const totals = priceBasket(taxedAt(9900), { amountOff: 500 })
    expect(totals.deliveryFee).toBe(0)
    expect(totals.total).toBe(9400 + 776)
  })

  it('refuses amounts that are not whole, non-negative cents', () => {
    expect(() => priceBasket(taxedAt(-1))).toThrow(RangeError)
    expect(() => priceBasket(taxedAt(10.5))).toThrow(RangeError)
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

describe('priceRemainingOrder: an order less what was short', () => {
  const soldOf = (lines: PricingLine[], discount: Discount | null) => {
    const totals = priceBasket(lines, discount)
    return {
      totals,
      sold: {
        subtotal: totals.subtotal,
        discount: totals.discount,
        deliveryFee: totals.deliveryFee,
        taxRateBasisPoints: 825,
      },
    }
  }

  it('nothing short leaves the order as sold', () => {
    fc.assert(
      fc.property(basketArb, discounts, (lines, discount) => {
        const { totals, sold } = soldOf(lines, discount)
        const again = priceRemainingOrder(sold, lines)
        expect(again.total).toBe(
          lines.length === 0 ? totals.total - totals.deliveryFee : totals.total,
        )
        if (lines.length > 0)
          expect(again).toMatchObject({ tax: totals.tax, discount: totals.discount })
      }),
    )
  })

  it('taking items off never raises what is paid before tax, nor the total when a taxed line goes; everything off leaves nothing to pay', () => {
    fc.assert(
      fc.property(
        basketArb.filter((lines) => lines.length > 0),
        discounts,
        fc.nat(),
        (lines, discount, pick) => {
          const { totals, sold } = soldOf(lines, discount)
          const index = pick % lines.length
          const less = lines.map((line, at) =>
            at === index ? { ...line, quantity: line.quantity - 1 } : line,
          )
          const after = priceRemainingOrder(sold, less)
          expect(after.total - after.tax).toBeLessThanOrEqual(totals.total - totals.tax)
          if (lines[index]!.taxable) expect(after.total).toBeLessThanOrEqual(totals.total)
          const none = lines.map((line) => ({ ...line, quantity: 0 }))
          expect(priceRemainingOrder(sold, none).total).toBe(0)
        },
      ),
    )
  })

  it('an untaxed line gone can raise the tax: the taxed ones take a larger share of the delivery fee', () => {
    // two one-cent lines and a one-cent discount: the delivery fee is nearly all the sales, and
    // once the untaxed cent goes the taxed one carries all of the fee's share, not half
    // (shortfallOf then takes off nothing)
    const lines: PricingLine[] = [
      { price: 1, quantity: 1, taxable: false },
      { price: 1, quantity: 1, taxable: true },
    ]
    const { totals, sold } = soldOf(lines, { amountOff: 1 })
    const after = priceRemainingOrder(sold, [{ ...lines[0]!, quantity: 0 }, lines[1]!])
    // before: 1 × (2 − 1 + 599) / 2 = 300 taxed → 24.75 → 25; after, the discount's half cent
    // rounds up to the whole cent: 1 × (1 − 1 + 599) = 599 taxed → 49.42 → 49
    expect([totals.tax, after.tax]).toEqual([25, 49])
    expect(after.total).toBeGreaterThan(totals.total)
  })

  it('one short kombucha gives back its price less its discount share, plus its tax', () => {
    const lines: PricingLine[] = [
      { price: 450, quantity: 2, taxable: true },
      { price: 5527, quantity: 1, taxable: false },
    ]
    const { totals, sold } = soldOf(lines, { percentOff: 10 })
    const after = priceRemainingOrder(sold, [{ ...lines[0]!, quantity: 1 }, lines[1]!])
    // subtotal 59.77; discount 6.43 × 59.77 / 64.27 = 5.9797… → 5.98; fee stays 5.99
    expect(after).toMatchObject({ subtotal: 5977, discount: 598, deliveryFee: 599 })
    // taxable 4.50 × (59.77 − 5.98 + 5.99) / 59.77 = 4.5008… → tax 0.3713… → 0.37
    expect(after.tax).toBe(37)
    expect(totals.total - after.total).toBe(450 - 45 + (74 - 37))
  })
})

test('the rate as people read it', () => {
  expect([taxRateLabel(), taxRateLabel(800), taxRateLabel(625), taxRateLabel(50)]).toEqual([
    '8.25%',
    '8%',
    '6.25%',
    '0.5%',
  ])
})
