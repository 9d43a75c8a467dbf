import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

let shop: TestApp
beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop.close())

describe('GET /api/placeholder/:width/:height', () => {
  test('draws an SVG of the asked size, cacheable for a year', async () => {
    const response = await shop.app.inject({ url: '/api/placeholder/400/300' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.body).toMatch(/^<svg [^>]*width="400" height="300"/)
  })

  test('each side is clamped to 1..2000', async () => {
    for (const [size, width, height] of [
      ['0/99999', 1, 2000],
      ['0/10', 1, 10],
      ['10/2001', 10, 2000],
      ['-1/10', 1, 10],
      ['2000/1', 2000, 1],
      ['999999999999/5', 2000, 5],
      ['12345678901234567890/-12345678901234567890', 2000, 1],
    ] as const) {
      const response = await shop.app.inject({ url: `/api/placeholder/${size}` })
      expect(response.statusCode, size).toBe(200)
      expect(response.body, size).toMatch(
        new RegExp(`^<svg [^>]*width="${width}" height="${height}"`),
      )
    }
  })

  test('a side that is not a whole number is a 400', async () => {
    for (const size of ['abc/10', '10.5/10', '1e3/10', '10/', '10/--3']) {
      const response = await shop.app.inject({ url: `/api/placeholder/${size}` })
      expect(response.statusCode, size).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, size).toBeLessThan(500)
    }
  })
})
