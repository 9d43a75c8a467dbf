// npm run bench:checkout (third part): the cut-off. Makes a database of its own on the
// PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, the
// server these machines run), places one order through the shop with the demo provider's card,
// copies it into BENCH_CUTOFF_ORDERS (5,000) authorised orders for the same Saturday, moves the
// shop's clock past that Saturday's cut-off (TEST_CLOCK_CONTROL) and measures how long the
// cut-off takes to capture them all: the time from the clock's move until the last order reads
// captured. The database is dropped at the end.
import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { copyAuthorisedOrder } from './authorised-orders.mjs'
import { benchDatabase, startBenchShop } from './bench-shop.mjs'
import { CARD, registration, shopApi } from './customer.mjs'

const ORDERS = Number(process.env.BENCH_CUTOFF_ORDERS ?? 5_000)
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

if (spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)

const benchData = await benchDatabase(SERVER_URL, 'cutoff')
const shop = await startBenchShop('cutoff', {
  DATABASE_URL: benchData.url,
  TEST_CLOCK_CONTROL: 'true',
})
// the cut-off's run of 5,000 captures is one call: it may take minutes
const { call } = shopApi(shop.base, { timeoutMs: 30 * 60_000 })
const database = new pg.Client({ connectionString: benchData.url })

try {
  await database.connect()
  const customer = { cookie: '' }
  const signedUp = await call(
    customer,
    'POST',
    '/api/auth/register',
    registration(`bench-cutoff-${Date.now()}@example.com`),
  )
  if (signedUp.status !== 201) throw new Error(`sign-up failed: ${signedUp.status}`)
  const catalogue = (await call(customer, 'GET', '/api/products?limit=50')).body
  const items = catalogue
    .filter((product) => product.inStock && product.category !== 'farm-boxes')
    .slice(0, 4)
    .map((product) => ({ id: product.id, name: product.name, price: product.price, quantity: 3 }))
  const quote = await call(customer, 'POST', '/api/create-payment-intent', { amount: 0, items })
  const amount = quote.body.totals.total
  const intent = await call(customer, 'POST', '/api/create-payment-intent', { amount, items })
  const paymentId = intent.body.paymentIntentId
  const confirm = await call(customer, 'POST', `/api/demo-payments/${paymentId}/confirm`, CARD)
  if (confirm.body?.status !== 'requires_capture') throw new Error('the card was not authorised')
  const order = await call(customer, 'POST', '/api/orders', { paymentIntentId: paymentId })
  if (order.status !== 201) throw new Error(`the order failed: ${order.status}`)

  const copying = performance.now()
  await copyAuthorisedOrder(
    (text, values) => database.query(text, values),
    order.body.id,
    ORDERS - 1,
  )
  await database.query('analyze')
  console.log(
    `\nCut-off: ${ORDERS} authorised orders of $${amount} for one Saturday (copied in ${((performance.now() - copying) / 1000).toFixed(1)} s), demo provider, PostgreSQL at ${SERVER_URL.replace(/\/\/[^@]*@/, '//')}\n`,
  )

  const detail = await call(customer, 'GET', `/api/orders/${order.body.id}`)
  const afterCutoff = new Date(Date.parse(detail.body.editableUntil) + 60_000).toISOString()
  const started = performance.now()
  const moved = await call(customer, 'PUT', '/api/test/clock', { now: afterCutoff })
  if (moved.status !== 200) throw new Error(`the clock did not move: ${moved.status}`)
  // the next minute's tick would start it too; this starts it now
  const ran = await call(customer, 'POST', '/api/test/run-due-jobs')
  if (ran.status !== 200) throw new Error(`the cut-off failed: ${ran.status}`)
  let captured = 0
  const deadline = Date.now() + 30 * 60_000
  while (Date.now() < deadline) {
    captured = await count("payment_status = 'captured' and captured_amount = total")
    if (captured === ORDERS) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const seconds = (performance.now() - started) / 1000
  console.log('| orders | cut-off, s | captures per second | ms per order |')
  console.log('|---|---|---|---|')
  console.log(
    `| ${ORDERS} | ${seconds.toFixed(1)} | ${(captured / seconds).toFixed(0)} | ${((seconds * 1000) / ORDERS).toFixed(2)} |`,
  )
  const notCaptured = ORDERS - captured
  const twice = await database.query(
    `select count(*)::int as n from (select payment_id from demo_payment_operations
      where kind = 'capture' group by payment_id having count(*) > 1) as repeated`,
  )
  console.log(`not captured: ${notCaptured}; captured twice: ${twice.rows[0].n}`)
  if (notCaptured !== 0 || twice.rows[0].n !== 0) process.exitCode = 1
} finally {
  await database.end().catch(() => undefined)
  await shop.stop()
  await benchData.drop()
}

async function count(condition) {
  const { rows } = await database.query(`select count(*)::int as n from orders where ${condition}`)
  return rows[0].n
}
