import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orderItemShortfalls, paymentOperations } from '#server/db/schema/index.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { AdminOrder, Order } from '#shared/schemas/order.ts'
import type { ItemShortPreview, ItemShortResult } from '#shared/schemas/shortfalls.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
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
 * Items short at packing (docs/product.md#refunds): the amount priced by the server, taken off
 * the total before the capture, refunded after it, once per Idempotency-Key, never more than
 * was sold.
 */

// Tuesday 24 November 2026, 10:00 in Houston: the cut-off is tomorrow 20:00, delivery Saturday 28
const TUESDAY = new Date('2026-11-24T16:00:00Z')
let clock = TUESDAY
let shop: TestApp
let admin: Awaited<ReturnType<typeof signUpAdmin>>

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
  admin = await signUpAdmin(shop, 'short-admin')
})
afterAll(() => shop.close())

const newKey = () => `short-${crypto.randomUUID()}`

function short(
  orderId: string,
  itemId: string,
  body: { quantity: number; reason: string },
  key: string | null = newKey(),
) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/items/${itemId}/short`,
    headers: { cookie: admin.cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  })
}

async function preview(orderId: string, itemId: string, quantity: number) {
  const response = await admin.call(
    'GET',
    `/api/admin/orders/${orderId}/items/${itemId}/short?quantity=${quantity}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ItemShortPreview>()
}

async function adminOrder(orderId: string) {
  const response = await admin.call('GET', `/api/admin/orders?search=${orderId.slice(0, 8)}`)
  const found = response.json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === orderId)
  if (!found) throw new Error(`order ${orderId} not listed`)
  return found
}

/** An order of at least two of its first line, with a coupon, its card authorised. */
async function twoOfTheFirst(shopper: Shopper, promoCode?: string) {
  if (clock !== TUESDAY) admin = await signUpAdmin(shop, 'short-admin')
  clock = TUESDAY
  const lines = await basketOver(shop)
  if ((lines[0]?.quantity ?? 0) < 2 && lines[0]) lines[0].quantity = 2
  return placeOrder(shopper, lines, promoCode ? { promoCode } : {})
}

async function capture(order: Order) {
  clock = afterCutoff(order)
  await shop.app.jobs.runDue()
  await settleJobs(shop)
  // a session signed in days before would have lapsed
  admin = await signUpAdmin(shop, 'short-admin')
}

describe('before the capture', () => {
  test('the shortfall lowers the total by the amount previewed, and the cut-off captures the rest', async () => {
    const shopper = await signUp(shop, 'short-before')
    const order = await twoOfTheFirst(shopper, 'WELCOME10')
    const item = order.items[0] as Order['items'][number]
    const shown = await preview(order.id, item.id, 1)
    expect(shown.left).toBe(item.quantity)
    expect(decimalToCents(shown.amount)).toBeGreaterThan(0)

    const response = await short(order.id, item.id, { quantity: 1, reason: 'damaged' })
    expect(response.statusCode, response.body).toBe(201)
    const made = response.json<ItemShortResult>()
    expect(made).toEqual({ amount: shown.amount })

    const after = await getOrder(shopper, order.id)
    expect(decimalToCents(after.total)).toBe(
      decimalToCents(order.total) - decimalToCents(shown.amount),
    )
    expect(after.items[0]).toMatchObject({
      shortQuantity: 1,
      shortAmount: shown.amount,
      shortRefunded: false,
    })
    expect(after.history.at(-1)).toMatchObject({ kind: 'item_short', actor: 'staff' })
    expect(after.history.at(-1)?.summary).toContain(`$${shown.amount} taken off`)

    await capture(order)
    const charged = await getOrder(shopper, order.id)
    expect(charged.capturedAmount).toBe(after.total)
    expect((await demoPayment(shop, order.paymentIntentId))?.amountReceived).toBe(
      decimalToCents(after.total),
    )
    expect(charged.refunds).toEqual([])
  })
})

describe('after the capture', () => {
  test('shorting every item one at a time refunds exactly the total as sold, and no e-mail per click', async () => {
    const shopper = await signUp(shop, 'short-all')
    const order = await twoOfTheFirst(shopper, 'WELCOME10')
    await capture(order)
    let sum = 0
    for (const item of order.items) {
      for (let unit = 0; unit < item.quantity; unit++) {
        const shown = await preview(order.id, item.id, 1)
        const response = await short(order.id, item.id, { quantity: 1, reason: 'out_of_stock' })
        expect(response.statusCode, response.body).toBe(201)
        const made = response.json<ItemShortResult>()
        expect(made.amount).toBe(shown.amount)
        expect(made.refund).toMatchObject({ amount: made.amount, status: 'succeeded' })
        sum += decimalToCents(made.amount)
      }
    }
    expect(sum).toBe(decimalToCents(order.total))
    await settleJobs(shop)
    const final = await getOrder(shopper, order.id)
    expect(final.total).toBe(order.total)
    expect(final.refundedAmount).toBe(order.total)
    expect(final.paymentStatus).toBe('refunded')
    expect(final.items.every((item) => item.shortQuantity === item.quantity)).toBe(true)
    expect(final.items.every((item) => item.shortRefunded)).toBe(true)
    expect(await emailsOf(shop, order.id, 'refund')).toHaveLength(0)
    const payment = await demoPayment(shop, order.paymentIntentId)
    expect(payment?.amountRefunded).toBe(decimalToCents(order.total))
  })

  test('a partial shortfall leaves the order partly refunded; the admin reads the line', async () => {
    const shopper = await signUp(shop, 'short-part')
    const order = await twoOfTheFirst(shopper)
    await capture(order)
    const item = order.items[0] as Order['items'][number]
    const response = await short(order.id, item.id, { quantity: 1, reason: 'quality' })
    const made = response.json<ItemShortResult>()
    const seen = await adminOrder(order.id)
    expect(seen.paymentStatus).toBe('partially_refunded')
    expect(seen.refundedAmount).toBe(made.amount)
    expect(seen.items[0]).toMatchObject({ shortQuantity: 1, shortRefunded: true })
    expect(seen.history.at(-1)?.actorEmail).toBe(admin.email)
  })
})

describe('once per Idempotency-Key, never more than was sold', () => {
  test('the same key twice at once makes one shortfall and answers the same', async () => {
    const shopper = await signUp(shop, 'short-twice')
    const order = await twoOfTheFirst(shopper)
    await capture(order)
    const item = order.items[0] as Order['items'][number]
    const key = newKey()
    const body = { quantity: 1, reason: 'damaged' }
    const [first, second] = await Promise.all([
      short(order.id, item.id, body, key),
      short(order.id, item.id, body, key),
    ])
    expect(first.statusCode, first.body).toBe(201)
    expect(second.statusCode, second.body).toBe(201)
    expect(second.json()).toEqual(first.json())
    const again = await short(order.id, item.id, body, key)
    expect(again.json()).toEqual(first.json())
    expect(again.headers['idempotent-replayed']).toBe('true')
    const rows = await shop.database.db
      .select()
      .from(orderItemShortfalls)
      .where(eq(orderItemShortfalls.orderId, order.id))
    expect(rows).toHaveLength(1)
    const refunds = await shop.database.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.orderId, order.id))
    expect(refunds.filter((op) => op.kind === 'refund')).toHaveLength(1)
    expect((await getOrder(shopper, order.id)).items[0]?.shortQuantity).toBe(1)

    const other = order.items[1] as Order['items'][number]
    expect((await short(order.id, other.id, body, key)).statusCode).toBe(409)
    expect((await short(order.id, item.id, body, null)).statusCode).toBe(400)
  })

  test('two clicks at once for all that is left: one is made, the other is refused', async () => {
    const shopper = await signUp(shop, 'short-race')
    const order = await twoOfTheFirst(shopper)
    const item = order.items[0] as Order['items'][number]
    const body = { quantity: item.quantity, reason: 'out_of_stock' }
    const answers = await Promise.all([
      short(order.id, item.id, body),
      short(order.id, item.id, body),
      short(order.id, item.id, body),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400])
    expect((await getOrder(shopper, order.id)).items[0]?.shortQuantity).toBe(item.quantity)
  })

  test('too many, a cancelled order, a line of another order', async () => {
    const shopper = await signUp(shop, 'short-refused')
    const order = await twoOfTheFirst(shopper)
    const other = await twoOfTheFirst(shopper)
    const item = order.items[0] as Order['items'][number]

    const tooMany = await short(order.id, item.id, {
      quantity: item.quantity + 1,
      reason: 'damaged',
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json(), tooMany.body).toMatchObject({
      errors: { quantity: `At most ${item.quantity} can be short` },
    })
    const noReason = await short(order.id, item.id, { quantity: 1, reason: 'lost' })
    expect(noReason.statusCode).toBe(400)

    const elsewhere = await short(other.id, item.id, { quantity: 1, reason: 'damaged' })
    expect(elsewhere.statusCode).toBe(404)
    const previewElsewhere = await admin.call(
      'GET',
      `/api/admin/orders/${other.id}/items/${item.id}/short?quantity=1`,
    )
    expect(previewElsewhere.statusCode).toBe(404)

    const fresh = await signUpAdmin(shop, 'short-cancel')
    expect((await fresh.call('POST', `/api/admin/orders/${order.id}/cancel`, {})).statusCode).toBe(
      200,
    )
    const cancelled = await short(order.id, item.id, { quantity: 1, reason: 'damaged' })
    expect(cancelled.statusCode).toBe(409)
  })
})

describe('the week after a shortfall', () => {
  test('the slip and the pick list show what is left to pack; the week lists what was short by producer', async () => {
    const shopper = await signUp(shop, 'short-week')
    const order = await twoOfTheFirst(shopper)
    const two = order.items.find((item) => item.quantity >= 2) as Order['items'][number]
    const one = order.items.find((item) => item !== two) as Order['items'][number]
    await short(order.id, two.id, { quantity: 1, reason: 'damaged' })
    await short(order.id, one.id, { quantity: one.quantity, reason: 'out_of_stock' })

    const slips = await admin.call('GET', '/api/admin/week/2026-11-28/packing-slips')
    const slip = slips
      .json<{ slips: { orderId: string; items: { itemId: string; quantity: number }[] }[] }>()
      .slips.find((found) => found.orderId === order.id)
    expect(slip?.items.find((item) => item.itemId === two.id)?.quantity).toBe(two.quantity - 1)
    expect(slip?.items.some((item) => item.itemId === one.id)).toBe(false)

    const week = await admin.call('GET', '/api/admin/week/2026-11-28/shortfalls')
    expect(week.statusCode, week.body).toBe(200)
    const producers = week.json<{
      producers: { name: string; lines: { name: string; quantity: number }[] }[]
    }>().producers
    // earlier tests' shortfalls on the same Saturday count too
    const ofOne = producers.find((producer) => producer.name === one.farmSource)
    const line = ofOne?.lines.find((found) => found.name === one.productName)
    expect(line?.quantity).toBeGreaterThanOrEqual(one.quantity)
  })
})

describe("the customer's e-mail", () => {
  test('one e-mail per packing session, once no item has been short for ten minutes', async () => {
    const shopper = await signUp(shop, 'short-mail')
    const order = await twoOfTheFirst(shopper)
    await capture(order)
    const [first, second] = order.items as [Order['items'][number], Order['items'][number]]
    await short(order.id, first.id, { quantity: 1, reason: 'damaged' })
    clock = new Date(clock.getTime() + 5 * 60_000)
    await short(order.id, second.id, { quantity: 1, reason: 'quality' })
    await shop.app.jobs.runDue()
    expect(await emailsOf(shop, order.id, 'items_short')).toHaveLength(0)

    clock = new Date(clock.getTime() + 9 * 60_000)
    await shop.app.jobs.runDue()
    expect(await emailsOf(shop, order.id, 'items_short')).toHaveLength(0)

    clock = new Date(clock.getTime() + 2 * 60_000)
    await shop.app.jobs.runDue()
    await shop.app.jobs.runDue()
    const told = await emailsOf(shop, order.id, 'items_short')
    expect(told).toHaveLength(1)
    const text = told[0]?.textBody ?? ''
    expect(text).toContain(`1 × ${first.productName}`)
    expect(text).toContain(`1 × ${second.productName}`)
    expect(text).toMatch(/short: 1 of \d+, refunded \$\d+\.\d\d/)
    expect(await emailsOf(shop, order.id, 'refund')).toHaveLength(0)
  })
})
