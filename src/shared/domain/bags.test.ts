import { describe, expect, test } from 'vitest'
import { bagsFor } from './bags.ts'

describe('bags (docs/product.md#the-week)', () => {
  test('eight items to a bag, each box a bag of its own, at least one', () => {
    expect(bagsFor([])).toBe(1)
    expect(bagsFor([{ quantity: 8, isBox: false }])).toBe(1)
    expect(bagsFor([{ quantity: 9, isBox: false }])).toBe(2)
    expect(
      bagsFor([
        { quantity: 2, isBox: true },
        { quantity: 3, isBox: false },
      ]),
    ).toBe(3)
    expect(bagsFor([{ quantity: 1, isBox: true }])).toBe(1)
  })
})
