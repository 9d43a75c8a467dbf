import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { orderCutoffFor, payAgainDeadlineFor } from '#shared/domain/delivery.ts'
import {
  DEMO_CARD,
  DEMO_CARD_DECLINED_AT_CAPTURE,
  demoBasket,
  paidDemoOrder,
  postOrder,
  quote,
  signUp,
} from './shop-client.ts'
import { startShop, type ShopProcess } from './shop-process.ts'
import {
  embeddedDatabase,
  machineDatabase,
  machineServerUrl,
  type TestDatabase,
} from './test-databases.ts'

/**
 * The money edges of the week on the built shop, two processes on one database, each with its
 * own job runner (docs/product.md#order-payments): staff cancels racing the cut-off's captures
 * on both processes never leave a cancelled order charged, and an order paid after its
 * Saturday's cut-off goes to the next Saturday and says so.
 */

const ORDERS = 20
const ADMIN = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner password 1' }
// Tuesday 24 November 2026, 10:00 in Houston: the cut-off is tomorrow 20:00
const TUESDAY = '2026-11-24T16:00:00.000Z'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function twoShops(database: TestDatabase): Promise<[ShopProcess, ShopProcess]> {
  const env = {
    DATABASE_URL: database.url,
    TEST_CLOCK_CONTROL: 'true',
    SESSION_SECRET: 'one secret for both processes, long enough',
    ...ADMIN,
  }
  const shops: ShopProcess[] = []
  for (let index = 0; index < 2; index++) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-money-app-'))
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }))
    const shop = await startShop({ dataDir, env })
    cleanups.push(() => shop.stop())
    shops.push(shop)
  }
  return shops as [ShopProcess, ShopProcess]
}

const setClock = async (shops: ShopProcess[], now: Date | string) => {
  for (const shop of shops) {
    const moved = await fetch(`${shop.url}/api/test/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: new Date(now).toISOString() }),
    })
    expect(moved.status).toBe(200)
  }
}

const runDueJobs = (shop: ShopProcess) =>
  fetch(`${shop.url}/api/test/run-due-jobs`, {
    method: 'POST',
    signal: AbortSignal.timeout(90_000),
  })

/** The admin's session (shared by both processes), and a staff call on either process. */
async function staffSession(shop: ShopProcess) {
  const login = await fetch(`${shop.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  })
  expect(login.status).toBe(200)
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? ''
  return (url: string, path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    })
}

const until = async (check: () => Promise<boolean>, what: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Makes every waiting job due, runs them, until no money operation is left pending. */
async function settle(database: TestDatabase, shop: ShopProcess) {
  for (let round = 0; round < 20; round++) {
    await database.query(
      `update graphile_worker._private_jobs set run_at = now()
        where locked_at is null and attempts < max_attempts`,
    )
    expect((await runDueJobs(shop)).status).toBe(200)
    const [pending] = await database.query<{ count: number }>(
      "select count(*)::int as count from payment_operations where status in ('pending', 'processing')",
    )
    if (!pending?.count) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('money operations still pending')
}

async function cancelsRacingTheCutoff(openDatabase: () => Promise<TestDatabase>) {
  const database = await openDatabase()
  cleanups.push(() => database.drop())
  const shops = await twoShops(database)
  const [a, b] = shops
  await setClock(shops, TUESDAY)
  const customer = await signUp(() => a.url, 'money-race')
  const ids: string[] = []
  for (let index = 0; index < ORDERS; index++) {
    const { order } = await paidDemoOrder(customer, a.url)
    expect(order.status).toBeLessThan(300)
    ids.push(order.body.id)
  }

  const [{ delivery_date: delivery } = { delivery_date: new Date(NaN) }] = await database.query<{
    delivery_date: Date
  }>('select delivery_date from orders where id = $1', [ids[0]])
  await setClock(shops, new Date(orderCutoffFor(delivery).getTime() + 60_000))
  const staff = await staffSession(a)

  // both processes run the cut-off; the staff cancel every order on either process meanwhile
  const runs = [runDueJobs(a), runDueJobs(b)]
  for (;;) {
    const [stored] = await database.query<{ count: number }>(
      "select count(*)::int as count from payment_operations where kind = 'capture'",
    )
    if ((stored?.count ?? 0) >= 2) break
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  const answers = await Promise.all(
    ids.map((id, index) =>
      staff((shops[index % 2] as ShopProcess).url, `/api/admin/orders/${id}/cancel`),
    ),
  )
  for (const run of await Promise.all(runs)) expect(run.status).toBe(200)
  await settle(database, a)

  const statuses = answers.map((answer) => answer.status)
  expect(statuses.every((status) => status === 200 || status === 409)).toBe(true)
  for (const [index, answer] of answers.entries()) {
    if (answer.status === 409) {
      const body = (await answer.json()) as { message: string }
      expect(body.message).toMatch(/being charged/)
    } else expect(answer.status, ids[index]).toBe(200)
  }

  // every cancelled order keeps nothing, at the provider and on the order, and was told once
  const kept = await database.query<{ id: string; kept: number; captured: string }>(
    `select o.id, (p.amount_received - p.amount_refunded) as kept,
            (o.captured_amount - o.refunded_amount)::text as captured
       from orders o join demo_payments p on p.id = o.current_payment_id
      where o.status = 'cancelled'
        and (p.amount_received <> p.amount_refunded or o.captured_amount <> o.refunded_amount)`,
  )
  expect(kept).toEqual([])
  const told = await database.query<{ id: string; emails: number }>(
    `select o.id, (select count(*)::int from email_outbox e
                    where e.order_id = o.id and e.kind = 'order_cancelled') as emails
       from orders o where o.status = 'cancelled'`,
  )
  expect(told.length).toBe(statuses.filter((status) => status === 200).length)
  expect(told.filter((row) => row.emails !== 1)).toEqual([])
  // the orders a cancel could not touch were charged once, for their total
  const standing = await database.query<{ id: string; payment_status: string; captures: number }>(
    `select o.id, o.payment_status,
            (select count(*)::int from demo_payment_operations op
              where op.payment_id = o.current_payment_id and op.kind = 'capture') as captures
       from orders o where o.status <> 'cancelled'`,
  )
  expect(standing.filter((row) => row.payment_status !== 'captured' || row.captures !== 1)).toEqual(
    [],
  )

  // a card form opened at 19:59 on the next cut-off day and paid at 20:10: the next Saturday
  const next = new Date(orderCutoffFor(new Date(delivery.getTime() + 7 * 86_400_000)))
  await setClock(shops, new Date(next.getTime() - 60_000))
  const items = await demoBasket(b.url)
  const late = await signUp(() => b.url, 'money-late')
  const amount = await quote(late, items)
  const intent = await late.call<{ paymentIntentId: string; deliveryDate: string }>(
    'POST',
    '/api/create-payment-intent',
    { amount, items },
  )
  await setClock(shops, new Date(next.getTime() + 10 * 60_000))
  await late.call('POST', `/api/demo-payments/${intent.body.paymentIntentId}/confirm`, DEMO_CARD)
  const made = await postOrder(late, intent.body.paymentIntentId)
  const [moved] = await database.query<{ delivery_date: Date; note: string }>(
    `select o.delivery_date,
            (select e.text_body from email_outbox e
              where e.order_id = o.id and e.kind = 'order_confirmed') as note
       from orders o where o.id = $1`,
    [made.body.id],
  )
  expect(moved?.delivery_date.getTime()).toBe(
    new Date(intent.body.deliveryDate).getTime() + 7 * 86_400_000,
  )
  expect(moved?.note).toMatch(/as checkout showed/)
}

/**
 * A week's money with the real job runners doing their part: a change paid and the tab closed
 * is applied by the provider's event; a pay-again releases the declined card's hold; one
 * refund per Idempotency-Key, sent to both processes at once; a pay-again payment kept past
 * its deadline is cancelled by the minute's tick.
 */
async function theWeeksMoneyOnTwoProcesses(openDatabase: () => Promise<TestDatabase>) {
  const database = await openDatabase()
  cleanups.push(() => database.drop())
  const shops = await twoShops(database)
  const [a, b] = shops
  await setClock(shops, TUESDAY)
  let shopUrl = a.url
  const customer = await signUp(() => shopUrl, 'money-week')
  const good = (await paidDemoOrder(customer, a.url)).order.body.id
  const declined = (await paidDemoOrder(customer, a.url, DEMO_CARD_DECLINED_AT_CAPTURE)).order.body
    .id
  const kept = (await paidDemoOrder(customer, a.url, DEMO_CARD_DECLINED_AT_CAPTURE)).order.body.id
  type Seen = {
    version: number
    total: string
    deliveryDate: string
    paymentStatus: string
    paymentIntentId: string
    items: { productId: string; quantity: number }[]
  }
  const seen = async (id: string) => (await customer.call<Seen>('GET', `/api/orders/${id}`)).body
  const payment = async (id: string) =>
    (
      await database.query<{ status: string; amount_refunded: number }>(
        'select status, amount_refunded from demo_payments where id = $1',
        [id],
      )
    )[0]

  // a change above the authorisation, paid on process B, and the tab closed: applied all the same
  const before = await seen(good)
  const products = await demoBasket(a.url, 8)
  const extra = products.find((p) => !before.items.some((item) => item.productId === p.id))
  const asked = await customer.call<{ paymentRequired: { paymentIntentId: string } }>(
    'PATCH',
    `/api/orders/${good}`,
    {
      version: before.version,
      items: [
        ...before.items.map(({ productId, quantity }) => ({ id: productId, quantity })),
        { id: extra?.id, quantity: 2 },
      ],
    },
  )
  expect(asked.status, JSON.stringify(asked.body)).toBe(200)
  shopUrl = b.url
  const changePayment = asked.body.paymentRequired.paymentIntentId
  await customer.call('POST', `/api/demo-payments/${changePayment}/confirm`, DEMO_CARD)
  await until(async () => (await seen(good)).version === 2, 'the change to be applied')
  expect((await seen(good)).paymentIntentId).toBe(before.paymentIntentId)
  await until(
    async () => (await payment(before.paymentIntentId))?.status === 'canceled',
    'the old hold to be released',
  )

  // the cut-off: the good order is charged, the other two are declined
  await setClock(shops, new Date(orderCutoffFor(new Date(before.deliveryDate)).getTime() + 60_000))
  expect((await runDueJobs(a)).status).toBe(200)
  expect((await seen(good)).paymentStatus).toBe('captured')
  expect((await seen(declined)).paymentStatus).toBe('payment_failed')

  // paying again with another card releases the hold the declined card still carries
  const failedPayment = (await seen(declined)).paymentIntentId
  expect((await payment(failedPayment))?.status).toBe('requires_capture')
  const again = await customer.call<{ paymentRequired: { paymentIntentId: string } }>(
    'POST',
    `/api/orders/${declined}/pay-again`,
    {},
  )
  const newPayment = again.body.paymentRequired.paymentIntentId
  await customer.call('POST', `/api/demo-payments/${newPayment}/confirm`, DEMO_CARD)
  await customer.call('POST', `/api/orders/${declined}/payments/complete`, {
    paymentIntentId: newPayment,
  })
  expect((await seen(declined)).paymentStatus).toBe('captured')
  await until(
    async () => (await payment(failedPayment))?.status === 'canceled',
    "the declined card's hold to be released",
  )

  // one refund for one Idempotency-Key, though both processes are asked at once
  const staff = await staffSession(a)
  const refund = (url: string) =>
    staff(
      url,
      `/api/admin/orders/${good}/refunds`,
      { amount: '1.00', reason: 'Bruised peaches' },
      { 'idempotency-key': 'refund-dialog-0001' },
    )
  const [onA, onB] = await Promise.all([refund(a.url), refund(b.url)])
  expect([onA.status, onB.status]).toEqual([201, 201])
  const [first, second] = (await Promise.all([onA.json(), onB.json()])) as { id: string }[]
  expect(second?.id).toBe(first?.id)
  const refunds = await database.query<{ payment_id: string }>(
    "select payment_id from payment_operations where kind = 'refund' and order_id = $1",
    [good],
  )
  // taken back from what the cut-off charged: the change's payment, which replaced the first hold
  expect(refunds.map((row) => row.payment_id)).toEqual([changePayment])
  expect((await payment(changePayment))?.amount_refunded).toBe(100)

  // a pay-again payment kept open past Friday noon is cancelled by the minute's tick
  const open = await customer.call<{ paymentRequired: { paymentIntentId: string } }>(
    'POST',
    `/api/orders/${kept}/pay-again`,
    {},
  )
  const openPayment = open.body.paymentRequired.paymentIntentId
  await setClock(
    shops,
    new Date(payAgainDeadlineFor(new Date(before.deliveryDate)).getTime() + 60_000),
  )
  expect((await runDueJobs(b)).status).toBe(200)
  expect((await payment(openPayment))?.status).toBe('canceled')
  const late = await customer.call<{ status: string }>(
    'POST',
    `/api/demo-payments/${openPayment}/confirm`,
    DEMO_CARD,
  )
  expect(late.body.status).toBe('failed')
  expect((await seen(kept)).paymentStatus).toBe('payment_failed')
}

describe('staff cancels racing the cut-off on two processes, and an order paid after its cut-off', () => {
  test('on an embedded PostgreSQL', () => cancelsRacingTheCutoff(embeddedDatabase))

  // the machine's server is used only where TEST_DATABASE_URL names it (npm test on CI)
  test.runIf(machineServerUrl)("on the machine's PostgreSQL (TEST_DATABASE_URL)", () =>
    cancelsRacingTheCutoff(() => machineDatabase(machineServerUrl!)),
  )
})

describe("a week's money with both processes' job runners: events, pay-again, refund keys", () => {
  test('on an embedded PostgreSQL', () => theWeeksMoneyOnTwoProcesses(embeddedDatabase))

  test.runIf(machineServerUrl)("on the machine's PostgreSQL (TEST_DATABASE_URL)", () =>
    theWeeksMoneyOnTwoProcesses(() => machineDatabase(machineServerUrl!)),
  )
})
