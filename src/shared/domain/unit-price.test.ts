import { describe, expect, test } from 'vitest'
import { unitPrice, unitPriceLabel } from './unit-price.ts'

describe('unit price', () => {
  test('divides the price by the weight in pounds', () => {
    expect(unitPriceLabel(450, '2 lb')).toBe('$2.25/lb')
    expect(unitPriceLabel(650, '2 lb bag')).toBe('$3.25/lb')
    expect(unitPriceLabel(850, '1 lb')).toBe('$8.50/lb')
    expect(unitPriceLabel(1200, '1 loaf, 2 lb')).toBe('$6.00/lb')
    expect(unitPriceLabel(3999, '10 lb bag')).toBe('$4.00/lb')
  })

  test('gives ounces a price per ounce, counting packs of several', () => {
    expect(unitPriceLabel(599, '12 oz')).toBe('$0.50/oz')
    expect(unitPriceLabel(1900, '2 x 12 oz bags')).toBe('$0.79/oz')
    expect(unitPrice(1900, '4 x 12 oz')).toEqual({ cents: 40, unit: 'oz' })
    expect(unitPrice(500, '8.5 oz')).toEqual({ cents: 59, unit: 'oz' })
  })

  test('rounds to the nearest cent', () => {
    expect(unitPrice(1000, '3 lb')).toEqual({ cents: 333, unit: 'lb' })
    expect(unitPrice(1001, '2 lb')).toEqual({ cents: 501, unit: 'lb' })
  })

  test('has no unit price unless the unit is one exact weight', () => {
    for (const unit of [
      '12 ct',
      '1 pint',
      'half gallon',
      '7 items',
      'each, about 4 lb',
      '2 ct, about 1.5 lb',
      '1 lb + 32 oz',
      '0 lb',
      '0',
      '',
    ]) {
      expect(unitPriceLabel(999, unit), unit).toBeNull()
    }
  })
})
