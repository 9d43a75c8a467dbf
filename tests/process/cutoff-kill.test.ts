import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { cutoffOfDelivery } from '#shared/domain/delivery.ts'
// the same copies the cut-off bench captures (npm run bench:checkout)
import { copyAuthorisedOrder } from '../../scripts/bench/authorised-orders.mjs'
import { paidDemoOrder, signUp } from './shop-client.ts'
import { startShop, type ShopProcess } from './shop-process.ts'
import {
  embeddedDatabase,
  machineDatabase,
  machineServerUrl,
  type TestDatabase,
} from './test-databases.ts'

/**
 * The cut-off (docs/product.md#cut-off) is SIGKILLed half-way through capturing a week's
 * orders and the shop is started again on the same database. Once it has run again, every
 * order is captured exactly once, for its total: one capture at the payment provider per
 * payment, none of them twice, none forgotten.
 */

const ORDERS = 400
/** the kill comes once this many orders are captured: well inside the run */
const KILL_AFTER_CAPTURES = 60

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function killCutoffMidRun(openDatabase: () => Promise<TestDatabase>) {
  const database = await openDatabase()
  cleanups.push(() => database.drop())
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-cutoff-app-'))
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }))
  const env = { DATABASE_URL: database.url, TEST_CLOCK_CONTROL: 'true' }
  let shop: ShopProcess | undefined = await startShop({ dataDir, env })
  cleanups.push(async () => shop?.stop())
  const url = shop.url

  // one order placed as a customer places it, its card authorised by the demo provider
  const customer = await signUp(() => url, 'cutoff')
  const { order } = await paidDemoOrder(customer, url)
  expect(order.status).toBe(201)

  // and as many more as a busy week brings, each with its own authorisation
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    await copyAuthorisedOrder(
      (text, values) => client.query(text, values),
      order.body.id,
      ORDERS - 1,
    )
  } finally {
    await client.end()
  }
  const [{ delivery_date: deliveryDate } = { delivery_date: new Date(NaN) }] =
    await database.query<{
      delivery_date: Date
    }>('select delivery_date from orders where id = $1', [order.body.id])
  const afterCutoff = new Date(cutoffOfDelivery(deliveryDate).getTime() + 60_000).toISOString()

  const passTheCutoff = async (shopUrl: string) => {
    const moved = await fetch(`${shopUrl}/api/test/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: afterCutoff }),
    })
    expect(moved.status).toBe(200)
    return fetch(`${shopUrl}/api/test/run-due-jobs`, {
      method: 'POST',
      signal: AbortSignal.timeout(90_000),
    })
  }
  const captured = async () =>
    (
      await database.query<{ count: number }>(
        "select count(*)::int as count from orders where payment_status = 'captured'",
      )
    )[0]?.count ?? 0

  // the cut-off starts; the app dies in the middle of it
  const run = passTheCutoff(url).catch(() => undefined) // cut short by the kill
  while ((await captured()) < KILL_AFTER_CAPTURES) await sleep(10)
  await shop.killApp()
  shop = undefined
  await run
  const capturedAtKill = await captured()
  expect(capturedAtKill, 'the kill came before the run finished').toBeLessThan(ORDERS)

  // started again: its clock past the cut-off once more, the run catches up
  const restarted = await startShop({ dataDir, env })
  shop = restarted
  const caughtUp = await passTheCutoff(restarted.url)
  expect(caughtUp.status).toBe(200)
  const deadline = Date.now() + 60_000
  while ((await captured()) < ORDERS && Date.now() < deadline) await sleep(100)

  // every order captured for its total
  const orders = await database.query<{
    id: string
    payment_status: string
    total: string
    captured_amount: string
    current_payment_id: string
  }>(
    'select id, payment_status, total::text, captured_amount::text, current_payment_id from orders',
  )
  expect(orders).toHaveLength(ORDERS)
  expect(orders.filter((row) => row.payment_status !== 'captured')).toEqual([])
  expect(orders.filter((row) => row.captured_amount !== row.total)).toEqual([])

  // at the provider: each payment taken once, for the order's total in cents
  const payments = await database.query<{
    id: string
    status: string
    amount_received: number
    captures: number
    total_cents: number
  }>(
    `select p.id, p.status, p.amount_received,
            (select count(*)::int from demo_payment_operations op
              where op.payment_id = p.id and op.kind = 'capture') as captures,
            (o.total * 100)::int as total_cents
       from demo_payments p join orders o on o.current_payment_id = p.id`,
  )
  expect(payments).toHaveLength(ORDERS)
  expect(payments.filter((p) => p.captures !== 1)).toEqual([])
  expect(payments.filter((p) => p.status !== 'succeeded')).toEqual([])
  expect(payments.filter((p) => p.amount_received !== p.total_cents)).toEqual([])

  // the shop's own record: one capture per order, each settled
  const operations = await database.query<{ order_id: string; captures: number; settled: number }>(
    `select order_id, count(*)::int as captures,
            count(*) filter (where status = 'succeeded')::int as settled
       from payment_operations where kind = 'capture' group by order_id`,
  )
  expect(operations).toHaveLength(ORDERS)
  expect(operations.filter((op) => op.captures !== 1 || op.settled !== 1)).toEqual([])

  // the run that was killed reads interrupted, the one after it finished (both started at the
  // same moved time, so their order is not asserted)
  const runs = await database.query<{ status: string }>(
    "select status from job_runs where job = 'cutoff' order by status",
  )
  expect(runs.map((r) => r.status)).toEqual(['finished', 'interrupted'])
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('SIGKILL of the app in the middle of the cut-off, restart, the cut-off runs again', () => {
  test('on an embedded PostgreSQL: every order captured exactly once, for its total', () =>
    killCutoffMidRun(embeddedDatabase))

  // the machine's server is used only where TEST_DATABASE_URL names it (npm test on CI)
  test.runIf(machineServerUrl)(
    "on the machine's PostgreSQL (TEST_DATABASE_URL): every order captured exactly once, for its total",
    () => killCutoffMidRun(() => machineDatabase(machineServerUrl!)),
  )
})
