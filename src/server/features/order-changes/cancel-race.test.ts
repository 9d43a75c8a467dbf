import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paymentOperations } from '#server/db/schema/index.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { Order } from '#shared/schemas/order.ts'
import { signUp, signUpAdmin } from '#tests/factories/customer.ts'
import {
  afterCutoff,
  demoPayment,
  emailsOf,
  getOrder,
  placeOrder,
  settleJobs,
} from '#tests/setup/order-week.ts'
import { basketOver } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * A staff cancel racing the cut-off's captures (docs/product.md#order-payments): cancel and
 * capture are decided under the order's lock, so an order that ends cancelled never keeps its
 * customer's money, and its customer gets one e-mail that says what happened to it.
 */

const ORDERS = 40

// Tuesday 24 November 2026, 10:00 in Houston: the cut-off is tomorrow 20:00
let clock = new Date('2026-11-24T16:00:00Z')
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

async function captureCount() {
  const [row] = await shop.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentOperations)
    .where(eq(paymentOperations.kind, 'capture'))
  return row?.count ?? 0
}

describe('40 staff cancels beside the cut-off run', () => {
  test('every cancelled order ends with captured − refunded = 0 and one e-mail about its money', async () => {
    const shopper = await signUp(shop, 'race')
    const items = await basketOver(shop)
    const placed: Order[] = []
    for (let index = 0; index < ORDERS; index++) placed.push(await placeOrder(shopper, items))

    clock = afterCutoff(placed[0] as Order)
    const admin = await signUpAdmin(shop, 'race-admin')
    // the cancels arrive while the run is under way: some orders are captured already, some
    // are being captured, the rest are still waiting for their turn
    const run = shop.app.jobs.runDue()
    while ((await captureCount()) < 4) await new Promise((resolve) => setTimeout(resolve, 2))
    const cancels = await Promise.all(
      placed.map((order) => admin.call('POST', `/api/admin/orders/${order.id}/cancel`, {})),
    )
    await run
    await settleJobs(shop)

    let cancelled = 0
    for (const [index, order] of placed.entries()) {
      const answer = cancels[index]
      const final = await getOrder(shopper, order.id)
      const payment = await demoPayment(shop, order.paymentIntentId)
      if (answer?.statusCode !== 200) {
        // refused while its card was being charged: it stands, charged once
        expect(answer?.statusCode, answer?.body).toBe(409)
        expect(answer?.json<{ message: string }>().message).toMatch(/being charged/)
        expect(final.status).not.toBe('cancelled')
        expect(final.paymentStatus).toBe('captured')
        continue
      }
      cancelled++
      expect(final.status).toBe('cancelled')
      const kept = (payment?.amountReceived ?? 0) - (payment?.amountRefunded ?? 0)
      expect(kept, `order ${order.id}: money kept at the provider`).toBe(0)
      expect(decimalToCents(final.capturedAmount) - decimalToCents(final.refundedAmount)).toBe(0)
      const told = await emailsOf(shop, order.id, 'order_cancelled')
      expect(told, `order ${order.id}: cancellation e-mails`).toHaveLength(1)
      const text = told[0]?.textBody ?? ''
      if ((payment?.amountReceived ?? 0) > 0) {
        expect(final.paymentStatus).toBe('refunded')
        expect(text).toMatch(/refund/i)
        expect(await emailsOf(shop, order.id, 'refund')).toHaveLength(0)
      } else {
        expect(final.paymentStatus).toBe('voided')
        expect(text).toMatch(/not charged/)
        expect(await emailsOf(shop, order.id, 'payment_captured')).toHaveLength(0)
      }
    }
    expect(cancelled).toBeGreaterThan(0)
  })
})
