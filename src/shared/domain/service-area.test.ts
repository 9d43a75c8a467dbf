import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { SERVICE_AREA_ZIP_RANGES, isServedZip } from './service-area.ts'

describe('service area', () => {
  test('serves the five Greater Houston ranges, ends included', () => {
    for (const zip of [
      '77001',
      '77099',
      '77201',
      '77299',
      '77301',
      '77399',
      '77401',
      '77499',
      '77501',
      '77599',
    ]) {
      expect(isServedZip(zip), zip).toBe(true)
    }
  })

  test('does not serve ZIPs between or outside the ranges', () => {
    for (const zip of ['77000', '77100', '77200', '77600', '73301', '10001', '78701']) {
      expect(isServedZip(zip), zip).toBe(false)
    }
  })

  test('needs exactly five digits', () => {
    for (const zip of ['', '7700', '770011', '77o01', ' 77001', '77001 ', 'abcde']) {
      expect(isServedZip(zip), JSON.stringify(zip)).toBe(false)
    }
  })

  test('a five-digit ZIP is served exactly when it falls in one of the ranges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (value) => {
        const zip = String(value).padStart(5, '0')
        const inRange = SERVICE_AREA_ZIP_RANGES.some(
          ([first, last]) => value >= first && value <= last,
        )
        expect(isServedZip(zip)).toBe(inRange)
      }),
    )
  })
})
