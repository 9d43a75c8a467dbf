import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { nextIp, signUp } from '#tests/factories/customer.ts'
import { basketOver, createIntent } from '#tests/setup/shopper.ts'

const TOKEN = 'a metrics token of enough length'
const DECLINED_CARD = {
  cardNumber: '4000 0000 0000 0002',
  expiry: '12 / 30',
  cvc: '123',
  zip: '77008',
}
const GOOD_CARD = { ...DECLINED_CARD, cardNumber: '4242 4242 4242 4242' }

let shop: TestApp
let mailFails = false
beforeAll(async () => {
  shop = await createTestApp({
    metricsToken: TOKEN,
    mailer: {
      send: () => (mailFails ? Promise.reject(new Error('SMTP is down')) : Promise.resolve()),
    },
  })
})
afterAll(() => shop.close())

async function scrape(app = shop.app): Promise<string> {
  const response = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  return response.body
}

/** a counter's value, or a histogram's `_count` for one label set */
function valueOf(metrics: string, series: string): number {
  const line = metrics.split('\n').find((row) => row.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

describe('GET /metrics access', () => {
  test('does not exist without METRICS_TOKEN configured', async () => {
    const unconfigured = await createTestApp()
    try {
      const response = await unconfigured.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found' })
    } finally {
      await unconfigured.close()
    }
  })

  test.each([
    ['no authorization', undefined],
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, 10)}`],
    ['the token without Bearer', TOKEN],
    ['basic credentials', `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`],
  ])('401 in the error shape with %s', async (_case, authorization) => {
    const response = await shop.app.inject({
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'A valid metrics token is required.' })
    expect(response.headers['www-authenticate']).toBe('Bearer')
    expect(response.body).not.toContain('orders_created_total')
  })
})

describe('GET /metrics content', () => {
  test('request durations are labelled by route pattern, never by the raw URL', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    await shop.app.inject({ url: `/api/products/${id}` })
    await shop.app.inject({ url: '/api/no-such-thing-7f3a' })
    const metrics = await scrape()
    expect(
      valueOf(
        metrics,
        'http_request_duration_seconds_count{route="/api/products/:id",method="GET",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(1)
    expect(
      valueOf(
        metrics,
        'http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(1)
    expect(metrics).not.toContain(id)
    expect(metrics).not.toContain('no-such-thing-7f3a')
  })

  test('the process metrics are there', async () => {
    const metrics = await scrape()
    expect(metrics).toContain('process_cpu_user_seconds_total')
    expect(metrics).toContain('nodejs_heap_size_used_bytes')
  })

  test('counts a declined card and an order made from a paid checkout', async () => {
    const before = await scrape()
    const shopper = await signUp(shop, 'metrics')
    const declined = await createIntent(shopper, await basketOver(shop))
    const decline = await shopper.call(
      'POST',
      `/api/demo-payments/${declined.paymentIntentId}/confirm`,
      DECLINED_CARD,
    )
    expect(decline.json()).toMatchObject({ status: 'failed' })
    // the same payment, paid with another card, becomes an order
    const paid = await shopper.call(
      'POST',
      `/api/demo-payments/${declined.paymentIntentId}/confirm`,
      GOOD_CARD,
    )
    expect(paid.json()).toMatchObject({ status: 'requires_capture' })
    const order = await shopper.call('POST', '/api/orders', {
      paymentIntentId: declined.paymentIntentId,
    })
    expect(order.statusCode, order.body).toBe(201)
    // placing it again finds the same order: no second count
    await shopper.call('POST', '/api/orders', { paymentIntentId: declined.paymentIntentId })
    // failing the bank's verification of a payment that is already paid changes nothing
    for (let attempt = 0; attempt < 3; attempt++) {
      const replay = await shopper.call(
        'POST',
        `/api/demo-payments/${declined.paymentIntentId}/authenticate`,
        { outcome: 'failed' },
      )
      expect(replay.statusCode, replay.body).toBe(200)
    }

    const after = await scrape()
    expect(valueOf(after, 'payments_failed_total')).toBe(
      valueOf(before, 'payments_failed_total') + 1,
    )
    expect(valueOf(after, 'orders_created_total')).toBe(valueOf(before, 'orders_created_total') + 1)
  })

  test('counts an e-mail the mailer could not send', async () => {
    const shopper = await signUp(shop, 'metrics-mail')
    const before = valueOf(await scrape(), 'emails_failed_total')
    mailFails = true
    try {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: shopper.email },
        remoteAddress: nextIp(),
      })
      expect(response.statusCode).toBe(200)
      // the reset e-mail is sent after the answer
      await expect.poll(async () => valueOf(await scrape(), 'emails_failed_total')).toBe(before + 1)
    } finally {
      mailFails = false
    }
  })

  test('each app counts in a registry of its own', async () => {
    const other = await createTestApp({ metricsToken: TOKEN })
    try {
      expect(valueOf(await scrape(other.app), 'orders_created_total')).toBe(0)
      expect(valueOf(await scrape(), 'orders_created_total')).toBeGreaterThanOrEqual(1)
    } finally {
      await other.close()
    }
  })
})
