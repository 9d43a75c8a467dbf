import { and, eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { demoPayments, emailOutbox, orders, paymentOperations } from '#server/db/schema/index.ts'
import { orderCutoffFor } from '#shared/domain/delivery.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { Shopper } from '#tests/factories/customer.ts'
import { createIntent, type BasketLine } from './shopper.ts'
import type { TestApp } from './test-app.ts'

/**
 * An order's week on a test app with the demo provider (docs/product.md#order-changes): placing
 * orders as checkout does, moving past their cut-off, and reading what the provider, the order
 * and the outbox say afterwards.
 */

export const CARD = {
  succeeds: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', zip: '77008' },
  declined: { cardNumber: '4000 0000 0000 0002', expiry: '12 / 30', cvc: '123', zip: '77008' },
  declinesAtCapture: {
    cardNumber: '4000 0000 0000 0341',
    expiry: '12 / 30',
    cvc: '123',
    zip: '77008',
  },
}
export type Card = typeof CARD.succeeds

export const pay = (shopper: Shopper, paymentIntentId: string, card: Card = CARD.succeeds) =>
  shopper.call('POST', `/api/demo-payments/${paymentIntentId}/confirm`, card)

export async function getOrder(shopper: Shopper, id: string): Promise<Order> {
  const response = await shopper.call('GET', `/api/orders/${id}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Order>()
}

/** A paid (authorised) order of the given lines, as checkout makes it. */
export async function placeOrder(
  shopper: Shopper,
  items: BasketLine[],
  options: { card?: Card; promoCode?: string } = {},
): Promise<Order> {
  const intent = await createIntent(shopper, items, options.promoCode)
  const confirmed = await pay(shopper, intent.paymentIntentId, options.card)
  expect(confirmed.json()).toEqual({ status: 'requires_capture' })
  const placed = await shopper.call('POST', '/api/orders', {
    paymentIntentId: intent.paymentIntentId,
  })
  expect(placed.statusCode, placed.body).toBeLessThan(300)
  return getOrder(shopper, placed.json<{ id: string }>().id)
}

/** The instant some minutes after the cut-off of an order's Saturday. */
export const afterCutoff = (order: Pick<Order, 'deliveryDate'>, minutes = 1) =>
  new Date(orderCutoffFor(new Date(order.deliveryDate)).getTime() + minutes * 60_000)

export async function demoPayment(shop: TestApp, id: string) {
  const [row] = await shop.database.db.select().from(demoPayments).where(eq(demoPayments.id, id))
  return row
}

export async function orderRow(shop: TestApp, id: string) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id))
  if (!row) throw new Error(`no order ${id}`)
  return row
}

/** The e-mails written for an order, of one kind or all. */
export async function emailsOf(shop: TestApp, orderId: string, kind?: string) {
  return shop.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), kind ? eq(emailOutbox.kind, kind) : undefined))
}

/**
 * Runs every job, also those waiting for a later time (a payment operation's fallback, a
 * retry's backoff), until no payment operation is left pending: the week as it stands once the
 * job queue has caught up.
 */
export async function settleJobs(shop: TestApp, rounds = 10) {
  for (let round = 0; round < rounds; round++) {
    await shop.database.db.execute(
      sql`update graphile_worker._private_jobs set run_at = now()
           where locked_at is null and attempts < max_attempts`,
    )
    await shop.app.jobs.runDue()
    const [pending] = await shop.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(paymentOperations)
      .where(eq(paymentOperations.status, 'pending'))
    if (!pending?.count) return
  }
  throw new Error('payment operations still pending after the jobs ran')
}
