import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { customerDetails, signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { placeOrder } from '#tests/setup/order-week.ts'
import { basketOver } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * Staff stay signed in for a working day, but the money actions (cancel, refund) ask for the
 * password again once the admin has been away for more than 30 minutes
 * (docs/product.md#accounts).
 */
const MINUTE = 60_000
// Monday 10:00 in Houston: orders now are for Saturday, changeable until Wednesday 20:00
let clock = new Date('2026-11-23T16:00:00Z')
let shop: TestApp
let admin: Shopper
let customer: Shopper

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
  admin = await signUpAdmin(shop, 'money-admin')
  customer = await signUp(shop, 'money-customer')
})
afterAll(() => shop.close())

const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * MINUTE)
}
const cancel = (orderId: string) => admin.call('POST', `/api/admin/orders/${orderId}/cancel`, {})
const passwordCheck = (password: string) =>
  admin.call('POST', '/api/auth/password-check', { password })

describe('money actions after time away', () => {
  test('31 idle minutes: cancel answers 403 asking for the password; the right one lets it through', async () => {
    const order = await placeOrder(customer, await basketOver(shop))
    later(31)
    // still signed in: the working day's session
    expect((await admin.call('GET', '/api/admin/orders')).statusCode).toBe(200)
    const refused = await cancel(order.id)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      message:
        'For your security, enter your password again to cancel or refund: you were away for more than 30 minutes.',
      passwordAgain: true,
    })
    // browsing does not renew it: only the password does
    expect((await cancel(order.id)).statusCode).toBe(403)

    const wrong = await passwordCheck('not my password at all')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      message: 'That is not your password.',
      errors: { password: 'That is not your password.' },
    })
    const right = await passwordCheck(customerDetails(admin.email).password)
    expect(right.statusCode, right.body).toBe(200)
    const cancelled = await cancel(order.id)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' })
  })

  test('an admin at work (a request every 20 minutes for 2 hours) is never asked', async () => {
    await passwordCheck(customerDetails(admin.email).password)
    const order = await placeOrder(customer, await basketOver(shop))
    for (let step = 0; step < 6; step++) {
      later(20)
      expect((await admin.call('GET', '/api/admin/orders')).statusCode).toBe(200)
    }
    expect((await cancel(order.id)).statusCode).toBe(200)
  })

  test('a refund asks the same, before anything is taken back', async () => {
    await passwordCheck(customerDetails(admin.email).password)
    const order = await placeOrder(customer, await basketOver(shop))
    later(45)
    const refund = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      payload: { amount: '1.00', reason: 'Bruised peaches' },
      headers: { cookie: admin.cookie, 'idempotency-key': 'password-again-refund-1' },
    })
    expect(refund.statusCode).toBe(403)
    expect(refund.json()).toMatchObject({ passwordAgain: true })
  })

  test('an admin session lasts a working day: 8 idle hours, not 30 minutes', async () => {
    await passwordCheck(customerDetails(admin.email).password)
    later(7 * 60 + 55)
    expect((await admin.call('GET', '/api/admin/orders')).statusCode).toBe(200)
    later(8 * 60 + 1)
    expect((await admin.call('GET', '/api/admin/orders')).statusCode).toBe(401)
  })

  test('the password check needs a session, and refuses a body without a password', async () => {
    const signedOut = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/password-check',
      payload: { password: 'anything' },
    })
    expect(signedOut.statusCode).toBe(401)
    const empty = await customer.call('POST', '/api/auth/password-check', {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json<{ errors: Record<string, string> }>().errors).toEqual({
      password: 'Password is required',
    })
  })
})
