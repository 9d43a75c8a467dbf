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

  test('sizes outside 1 to 2000, or not whole numbers, are a 400', async () => {
    for (const size of ['0/99999', '0/10', '10/2001', 'abc/10', '10.5/10', '-1/10']) {
      const response = await shop.app.inject({ url: `/api/placeholder/${size}` })
      expect(response.statusCode, size).toBe(400)
      expect(response.json<{ message: string }>().message, size).toBe(
        'Width and height must be whole numbers from 1 to 2000',
      )
    }
  })
})
