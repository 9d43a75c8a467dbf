import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  centsToDecimal,
  decimalToCents,
  formatCents,
  formatDecimalPrice,
  isDecimalPrice,
} from './money.ts'

describe('money', () => {
  test('reads decimal prices as whole cents', () => {
    expect(decimalToCents('12.99')).toBe(1299)
    expect(decimalToCents('4')).toBe(400)
    expect(decimalToCents('4.5')).toBe(450)
    expect(decimalToCents('0.05')).toBe(5)
  })

  test('refuses anything that is not a price', () => {
    for (const bad of ['', 'abc', '1.999', '-1.00', '1e3', '1,000.00', '.50']) {
      expect(() => decimalToCents(bad), bad).toThrow(RangeError)
      expect(isDecimalPrice(bad)).toBe(false)
    }
  })

  test('writes cents as the two-decimal wire form and shows them as dollars', () => {
    expect(centsToDecimal(1299)).toBe('12.99')
    expect(centsToDecimal(5)).toBe('0.05')
    expect(centsToDecimal(-250)).toBe('-2.50')
    expect(formatCents(1299)).toBe('$12.99')
    expect(formatCents(123456)).toBe('$1,234.56')
    expect(formatDecimalPrice('64.27')).toBe('$64.27')
  })

  test('refuses fractions of a cent', () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError)
    expect(() => formatCents(Number.NaN)).toThrow(RangeError)
  })

  test('cents survive the trip to the wire form and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => {
        expect(decimalToCents(centsToDecimal(cents))).toBe(cents)
      }),
    )
  })
})
