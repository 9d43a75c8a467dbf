// npm run bench (second part): checkouts on PostgreSQL. 20 signed-in customers check out at
// once, again and again, for BENCH_SECONDS (10): each checkout is POST /api/create-payment-intent
// (server pricing, a pending checkout row), the demo provider's card confirmation, and
// POST /api/orders (the order, its items and the checkout's completion in one transaction).
// Reports payments created and orders confirmed per second, with p99 latencies. The shop runs
// on its embedded PostgreSQL, or on BENCH_DATABASE_URL when given.
import { spawnSync } from 'node:child_process'
import { startBenchShop } from './bench-shop.mjs'
import { CARD, percentile, shopApi } from './customer.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CUSTOMERS = 20

if (spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)

const shop = await startBenchShop(
  'checkout',
  process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
)
const { call, signUp } = shopApi(shop.base)

try {
  const catalogue = (await call({ cookie: '' }, 'GET', '/api/products?limit=50')).body
  const basket = catalogue
    .filter((product) => product.inStock && product.category !== 'farm-boxes')
    .slice(0, 4)
    .map((product) => ({
      id: product.id,
      name: product.name,
      price: Number(product.price),
      quantity: 5,
    }))

  const customers = []
  for (let index = 0; index < CUSTOMERS; index += 1) customers.push(await signUp(index))
  const quote = await call(customers[0], 'POST', '/api/create-payment-intent', {
    amount: 0,
    items: basket,
  })
  if (quote.status !== 409) throw new Error(`expected 409 with the totals, got ${quote.status}`)
  const amount = Number(quote.body.totals.total)
  console.log(
    `\nCheckout: ${CUSTOMERS} customers at once for ${SECONDS} s, a basket of ${basket.length} lines ($${amount.toFixed(2)}), demo provider, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL at BENCH_DATABASE_URL' : 'embedded PostgreSQL'}\n`,
  )

  const timings = { intent: [], confirm: [], order: [], checkout: [] }
  let errors = 0
  const deadline = performance.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    customers.map(async (customer) => {
      while (performance.now() < deadline) {
        const t0 = performance.now()
        const intent = await call(customer, 'POST', '/api/create-payment-intent', {
          amount,
          items: basket,
        })
        const t1 = performance.now()
        if (intent.status !== 200) {
          errors += 1
          continue
        }
        timings.intent.push(t1 - t0)
        const id = intent.body.paymentIntentId
        const confirm = await call(customer, 'POST', `/api/demo-payments/${id}/confirm`, CARD)
        const t2 = performance.now()
        if (confirm.body?.status !== 'requires_capture') {
          errors += 1
          continue
        }
        timings.confirm.push(t2 - t1)
        const order = await call(customer, 'POST', '/api/orders', { paymentIntentId: id })
        const t3 = performance.now()
        if (order.status !== 201) {
          errors += 1
          continue
        }
        timings.order.push(t3 - t2)
        timings.checkout.push(t3 - t0)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  console.log('| step | per second | p50 ms | p99 ms |')
  console.log('|---|---|---|---|')
  const row = (label, values) =>
    console.log(
      `| ${label} | ${(values.length / elapsed).toFixed(1)} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 99).toFixed(0)} |`,
    )
  row('payments created (`POST /api/create-payment-intent`)', timings.intent)
  row('demo card confirmations', timings.confirm)
  row('orders confirmed (`POST /api/orders`, 201)', timings.order)
  row('whole checkouts (the three calls)', timings.checkout)
  console.log(`errors: ${errors}`)
} finally {
  await shop.stop()
}
