import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

let shop: TestApp
beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop.close())

describe('GET /api/service-area/:zip', () => {
  test('says whether a ZIP is served', async () => {
    const served = await shop.app.inject({ url: '/api/service-area/77005' })
    expect(served.statusCode).toBe(200)
    expect(served.json()).toEqual({ isValid: true, zipCode: '77005' })
    const outside = await shop.app.inject({ url: '/api/service-area/78701' })
    expect(outside.json()).toEqual({ isValid: false, zipCode: '78701' })
  })

  test('anything but five digits is a 400 with the documented message', async () => {
    for (const zip of ['abc', '7700', '770055', '77%2000', '%20']) {
      const response = await shop.app.inject({ url: `/api/service-area/${zip}` })
      expect(response.statusCode, zip).toBe(400)
      expect(response.json(), zip).toEqual({
        message: 'ZIP code must be exactly 5 digits',
        errors: { zip: 'ZIP code must be exactly 5 digits' },
      })
    }
  })
})
