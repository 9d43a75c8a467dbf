import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  centsToDecimal,
  decimalToCents,
  formatCents,
  formatDecimalPrice,
  isDecimalPrice,
  formatCentsBrief,
  readMoneyInput,
  sumCents,
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

  test('a client may send a JSON number or a string with at most two decimals', () => {
    expect(readMoneyInput(64.27)).toEqual({ ok: true, cents: 6427 })
    expect(readMoneyInput('64.27')).toEqual({ ok: true, cents: 6427 })
    expect(readMoneyInput(' 64.2 ')).toEqual({ ok: true, cents: 6420 })
    expect(readMoneyInput(64)).toEqual({ ok: true, cents: 6400 })
    expect(readMoneyInput(0)).toEqual({ ok: true, cents: 0 })
    // leading zeros say nothing: nine digits of which three are zeros is still 12.50
    expect(readMoneyInput('000000012.50')).toEqual({ ok: true, cents: 1250 })
    expect(readMoneyInput('0.05')).toEqual({ ok: true, cents: 5 })
  })

  test('a third decimal, a negative, NaN or an exponent is refused, saying which', () => {
    const problem = (value: number | string) => {
      const read = readMoneyInput(value)
      return read.ok ? 'accepted' : read.problem
    }
    expect(problem('12.505')).toBe('decimals')
    expect(problem(12.505)).toBe('decimals')
    // the float sum is not 0.3: it is refused rather than rounded
    expect(problem(0.1 + 0.2)).toBe('decimals')
    expect(problem(-3)).toBe('negative')
    expect(problem('-3.00')).toBe('negative')
    expect(problem(Number.NaN)).toBe('format')
    expect(problem(Number.POSITIVE_INFINITY)).toBe('format')
    expect(problem('NaN')).toBe('format')
    expect(problem('1e3')).toBe('exponent')
    expect(problem(1e21)).toBe('exponent')
    expect(problem('123456789.00')).toBe('tooLarge')
    expect(problem('')).toBe('format')
    expect(problem('$12.99')).toBe('format')
    expect(problem('1,000.00')).toBe('format')
  })

  test('every amount in cents reads back from its number and its string form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => {
        const text = centsToDecimal(cents)
        expect(readMoneyInput(text)).toEqual({ ok: true, cents })
        expect(readMoneyInput(Number(text))).toEqual({ ok: true, cents })
      }),
    )
  })

  test('amounts in running text drop zero cents only', () => {
    expect(formatCentsBrief(500)).toBe('$5')
    expect(formatCentsBrief(750)).toBe('$7.50')
    expect(formatCentsBrief(123400)).toBe('$1,234')
    expect(formatCentsBrief(-500)).toBe('-$5')
  })

  test('sums stay in whole cents', () => {
    expect(sumCents([1299, 1, 700])).toBe(2000)
    expect(() => sumCents([1, 0.5])).toThrow(RangeError)
  })
})
