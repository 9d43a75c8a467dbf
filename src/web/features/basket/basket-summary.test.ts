import { describe, expect, test } from 'vitest'
import { priceBasket } from '#shared/domain/pricing.ts'
import { productCount } from './basket-lines.ts'
import { basketNote, linePrice } from './basket-summary.ts'

const food = (cents: number) => [{ price: cents, quantity: 1, taxable: false }]

describe('the basket summary', () => {
  test('a line of 2 at $4.50 costs $9.00 and says so', () => {
    expect(linePrice({ priceCents: 450, quantity: 2 })).toEqual({
      total: 900,
      breakdown: '2 × $4.50',
    })
  })

  test('a line of one shows its price alone', () => {
    expect(linePrice({ priceCents: 1299, quantity: 1 })).toEqual({ total: 1299, breakdown: null })
  })

  test('below the minimum the note says it counts the groceries before tax and delivery', () => {
    expect(basketNote(priceBasket(food(5250)))).toEqual({
      kind: 'minimum',
      text: 'Orders start at $60 of groceries (before tax and delivery): add $7.50 more',
    })
    expect(basketNote(priceBasket(food(5999))).text).toMatch(/add \$0\.01 more$/)
  })

  test('from the minimum to $99 the note is what free delivery still needs', () => {
    expect(basketNote(priceBasket(food(6000)))).toEqual({
      kind: 'freeDelivery',
      text: 'Add $39.00 more for free delivery',
      reached: 6000,
    })
    expect(basketNote(priceBasket(food(9899))).text).toBe('Add $0.01 more for free delivery')
  })

  test('from $99 delivery is free', () => {
    expect(basketNote(priceBasket(food(9900)))).toEqual({
      kind: 'freeDeliveryReached',
      text: "You've unlocked free delivery",
    })
  })

  test('a discount does not change the note: both rules count the subtotal before it', () => {
    expect(basketNote(priceBasket(food(6000), { percentOff: 50 })).kind).toBe('freeDelivery')
  })

  test('the count is of products (lines), in words', () => {
    expect(productCount([])).toBe('0 products')
    expect(productCount([{}])).toBe('1 product')
    expect(productCount([{}, {}, {}])).toBe('3 products')
  })
})
