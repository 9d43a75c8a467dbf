import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orderEvents } from '#server/db/schema/index.ts'
import {
  chicagoDayOf,
  deliveryOfSaturday,
  packingClosesOfDelivery,
  payAgainDeadlineFor,
} from '#shared/domain/delivery.ts'
import type { AdminOrder, Order, OrderConflict } from '#shared/schemas/order.ts'
import { ORDER_CHANGE_MESSAGES, type PaymentRequired } from '#shared/schemas/order-changes.ts'
import type { PackingSlips, PickList, WeekSummary } from '#shared/schemas/week.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { makeOrder, type OrderRow } from '#tests/factories/order.ts'
import {
  demoPayment,
  emailsOf,
  getOrder,
  orderRow,
  pay,
  settleJobs,
} from '#tests/setup/order-week.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * Orders still unpaid at their deadline to pay (docs/product.md#order-payments): held at Friday
 * noon by the minute's tick, kept off the packing and the routes, released by a late payment
 * before packing stops or by the staff, and a payment after packing stops given back.
 */

// Thursday 26 November 2026, 10:00 in Houston: past the cut-off of Saturday 28's orders
const THURSDAY = new Date('2026-11-26T16:00:00Z')
const SATURDAY = '2026-11-28'
let clock = THURSDAY
let shop: TestApp
/** signed in at the moment of each test: a session from days before would have lapsed */
let admin: Shopper

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

/**
 * An order whose capture at the cut-off was declined, written as the cut-off leaves it (its
 * declined card's payment is not the demo provider's: nothing to release there).
 */
async function failedOrder(shopper: Shopper, values: Partial<OrderRow> = {}): Promise<Order> {
  clock = THURSDAY
  const row = await makeOrder(
    shop.database.db,
    {
      userId: shopper.userId,
      deliveryDate: deliveryOfSaturday(SATURDAY),
      status: 'confirmed',
      paymentStatus: 'payment_failed',
      authorizedAmount: '70.94',
      ...values,
    },
    { items: [{ quantity: 2 }, { productName: 'Pasture eggs', quantity: 1 }] },
  )
  return getOrder(shopper, row.id)
}

const deadlineOf = (order: Order) => payAgainDeadlineFor(new Date(order.deliveryDate))

/** The order held by the tick one minute after its deadline. */
async function heldOrder(tag: string) {
  const shopper = await signUp(shop, tag)
  const failed = await failedOrder(shopper)
  clock = new Date(deadlineOf(failed).getTime() + 60_000)
  await shop.app.jobs.runDue()
  admin = await signUpAdmin(shop, `${tag}-admin`)
  return { shopper, order: await getOrder(shopper, failed.id) }
}

const heldEvents = async (orderId: string) =>
  (await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)))
    .filter((event) => event.kind === 'held')
    .map(({ actor, summary }) => ({ actor, summary }))

const release = (orderId: string, body: unknown) =>
  admin.call('POST', `/api/admin/orders/${orderId}/release`, body)

describe('at the deadline to pay', () => {
  test('an order still unpaid goes on hold once, with its customer e-mailed once', async () => {
    const shopper = await signUp(shop, 'unpaid')
    const failed = await failedOrder(shopper)
    // a minute before the deadline nothing is held
    clock = new Date(deadlineOf(failed).getTime() - 60_000)
    await shop.app.jobs.runDue()
    expect((await getOrder(shopper, failed.id)).status).not.toBe('on_hold')

    clock = deadlineOf(failed)
    await shop.app.jobs.runDue()
    await shop.app.jobs.runDue()
    const held = await getOrder(shopper, failed.id)
    expect(held).toMatchObject({ status: 'on_hold', paymentStatus: 'payment_failed' })
    expect(held.payAgainUntil).toBe(
      packingClosesOfDelivery(new Date(failed.deliveryDate)).toISOString(),
    )
    expect((await orderRow(shop, failed.id)).heldAt?.toISOString()).toBe(clock.toISOString())
    expect(await heldEvents(failed.id)).toEqual([
      {
        actor: 'shop',
        summary: 'On hold: still unpaid at the deadline to pay, so not packed or delivered',
      },
    ])
    const emails = await emailsOf(shop, failed.id, 'order_held')
    expect(emails).toHaveLength(1)
    expect(emails[0]?.textBody).toMatch(/on hold/)
  })

  test('a shop that was down at Friday noon holds the order at its first tick after', async () => {
    const shopper = await signUp(shop, 'downtime')
    const failed = await failedOrder(shopper)
    // back on Friday evening: the first tick holds it
    clock = new Date(deadlineOf(failed).getTime() + 6 * 60 * 60_000)
    await shop.app.jobs.runDue()
    expect((await getOrder(shopper, failed.id)).status).toBe('on_hold')
    expect(await emailsOf(shop, failed.id, 'order_held')).toHaveLength(1)
  })

  test('a paid order is never held', async () => {
    const shopper = await signUp(shop, 'paid')
    const order = await failedOrder(shopper, { paymentStatus: 'captured', capturedAmount: '70.94' })
    clock = new Date(deadlineOf(order).getTime() + 60_000)
    await shop.app.jobs.runDue()
    expect((await getOrder(shopper, order.id)).status).not.toBe('on_hold')
  })
})

describe('an order on hold', () => {
  test('is off the pick list and the totals, on the slips marked unpaid, and counted apart', async () => {
    const { order } = await heldOrder('offlists')
    const summary = (await admin.call('GET', `/api/admin/week/${SATURDAY}`)).json<WeekSummary>()
    expect(summary.onHold.orders).toBeGreaterThanOrEqual(1)
    expect(summary.failedPayments.map(({ orderId }) => orderId)).not.toContain(order.id)
    const slips = (
      await admin.call('GET', `/api/admin/week/${SATURDAY}/packing-slips`)
    ).json<PackingSlips>()
    expect(slips.slips.find((slip) => slip.orderId === order.id)).toMatchObject({ onHold: true })
    const pick = (await admin.call('GET', `/api/admin/week/${SATURDAY}/pick-list`)).json<PickList>()
    expect(pick.saturday).toBe(SATURDAY)
    const routes = await admin.call('GET', `/api/admin/week/${SATURDAY}/routes`)
    expect(routes.body).not.toContain(order.id)
  })

  test('cannot be changed by its customer; the staff may cancel it', async () => {
    const { shopper, order } = await heldOrder('cancelheld')
    const change = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: order.version,
      specialInstructions: 'Leave at the gate',
    })
    expect(change.statusCode).toBe(409)
    const cancelled = await admin.call('POST', `/api/admin/orders/${order.id}/cancel`, {})
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json<AdminOrder>().status).toBe('cancelled')
  })

  test('paid before packing stops, it is released by itself', async () => {
    const { shopper, order } = await heldOrder('paidlate')
    const again = await shopper.call('POST', `/api/orders/${order.id}/pay-again`, {})
    expect(again.statusCode, again.body).toBe(200)
    const { paymentRequired } = again.json<PaymentRequired>()
    await pay(shopper, paymentRequired.paymentIntentId)
    const done = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
      paymentIntentId: paymentRequired.paymentIntentId,
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json<Order>()).toMatchObject({ status: 'confirmed', paymentStatus: 'captured' })
    expect((await orderRow(shop, order.id)).heldAt).toBeNull()
    expect(done.json<Order>().history.map(({ kind }) => kind)).toContain('released')
  })

  test('a payment after packing stops is refunded at once and the customer told', async () => {
    const { shopper, order } = await heldOrder('toolate')
    const again = await shopper.call('POST', `/api/orders/${order.id}/pay-again`, {})
    const { paymentRequired } = again.json<PaymentRequired>()
    clock = new Date(packingClosesOfDelivery(new Date(order.deliveryDate)).getTime() + 60_000)
    expect((await shopper.call('POST', `/api/orders/${order.id}/pay-again`, {})).statusCode).toBe(
      409,
    )
    await pay(shopper, paymentRequired.paymentIntentId)
    const complete = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
      paymentIntentId: paymentRequired.paymentIntentId,
    })
    expect(complete.statusCode).toBe(409)
    await settleJobs(shop)
    const final = await getOrder(shopper, order.id)
    expect(final).toMatchObject({ status: 'on_hold', paymentStatus: 'payment_failed' })
    const late = await demoPayment(shop, paymentRequired.paymentIntentId)
    expect(late?.amountRefunded).toBe(late?.amountReceived)
    expect(await emailsOf(shop, order.id, 'refund')).toHaveLength(1)
  })
})

describe('the staff release an order on hold', () => {
  test('marked paid with a note: confirmed, paid for its total, the note in its history', async () => {
    const { shopper, order } = await heldOrder('markpaid')
    const response = await release(order.id, { note: '  Paid cash at the shop  ' })
    expect(response.statusCode, response.body).toBe(200)
    const released = response.json<AdminOrder>()
    expect(released).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'captured',
      capturedAmount: order.total,
    })
    expect(released.history.find(({ kind }) => kind === 'released')).toMatchObject({
      actor: 'staff',
      summary: 'Marked paid: Paid cash at the shop',
    })
    expect((await orderRow(shop, order.id)).heldAt).toBeNull()
    // its customer reads that the shop marked it paid, not the staff's note
    const mine = await getOrder(shopper, order.id)
    expect(mine.history.find(({ kind }) => kind === 'released')?.summary).not.toMatch(/cash/)
    // released once: not on hold any more
    const again = await release(order.id, { note: 'again' })
    expect(again.statusCode).toBe(409)
    expect(again.json<OrderConflict>().message).toBe(ORDER_CHANGE_MESSAGES.notOnHold)
  })

  test('a note is required, trimmed and at most 500 characters', async () => {
    const { order } = await heldOrder('notes')
    for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(501) }]) {
      const response = await release(order.id, body)
      expect(response.statusCode).toBe(400)
      expect(JSON.stringify(response.json())).toContain(ORDER_CHANGE_MESSAGES.releaseNote)
    }
    expect((await orderRow(shop, order.id)).status).toBe('on_hold')
  })

  test('an order that is not on hold is 409', async () => {
    const shopper = await signUp(shop, 'notheld')
    const order = await failedOrder(shopper)
    admin = await signUpAdmin(shop, 'notheld-admin')
    expect((await release(order.id, { note: 'cash' })).statusCode).toBe(409)
    expect(chicagoDayOf(new Date(order.deliveryDate))).toBe(SATURDAY)
  })
})

describe('the Orders tab and an order on hold', () => {
  test('on hold is never picked by hand, nor left, nor sent out from the status menus', async () => {
    const { order } = await heldOrder('menus')
    const status = (value: string) =>
      admin.call('PATCH', `/api/admin/orders/${order.id}/status`, { status: value })
    expect((await status('confirmed')).statusCode).toBe(409)
    const delivered = await admin.call('PATCH', `/api/admin/orders/${order.id}/delivery-status`, {
      deliveryStatus: 'delivered',
    })
    expect(delivered.statusCode).toBe(409)
    expect((await orderRow(shop, order.id)).status).toBe('on_hold')
    const other = await failedOrder(await signUp(shop, 'menus-other'))
    const picked = await admin.call('PATCH', `/api/admin/orders/${other.id}/status`, {
      status: 'on_hold',
    })
    expect(picked.statusCode).toBe(409)
  })
})
