// npm run bench:checkout (third part): the last units of limited products
// (docs/product.md#weekly-quantities). 20 signed-in customers check out at once, each basket
// one unit of three of 10 products limited to 10 a Saturday (100 units in all) and an unlimited
// product to pass the minimum, until every limited product is sold out. Then, in the same run,
// the same baskets with none of their products limited, for as many checkouts. Reports units
// sold against the quantities (never more), the 409s, and the payments' p50 and p99 in both
// rounds: what counting under the products' locks costs while 20 customers want the same rows.
import { spawnSync } from 'node:child_process'
import { startBenchShop } from './bench-shop.mjs'
import { CARD, percentile, shopApi } from './customer.mjs'

const CUSTOMERS = 20
const LIMITED = 10
const EACH = 10
const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password 42' }

if (spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)

const shop = await startBenchShop('weekly-stock', {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
})
const { call, signUp } = shopApi(shop.base)

try {
  const admin = { cookie: '' }
  const login = await call(admin, 'POST', '/api/auth/login', ADMIN)
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`)
  const catalogue = (await call(admin, 'GET', '/api/products')).body.filter(
    (product) =>
      product.inStock && product.category !== 'farm-boxes' && product.weeklyQuantity === null,
  )
  const limited = catalogue.slice(0, LIMITED)
  const filler = catalogue[LIMITED]
  if (limited.length < LIMITED || !filler) throw new Error('too few products in the catalogue')
  const setLimit = async (weeklyQuantity) => {
    for (const product of limited) {
      const set = await call(admin, 'PATCH', `/api/admin/products/${product.id}`, {
        weeklyQuantity,
      })
      if (set.status !== 200) throw new Error(`setting a weekly quantity: ${set.status}`)
    }
  }
  const customers = []
  for (let index = 0; index < CUSTOMERS; index += 1) customers.push(await signUp(`stock-${index}`))
  // a basket: three of the limited products (the next three for this customer) and the filler
  const basketOf = (turn) => {
    const picked = [0, 1, 2].map((step) => limited[(turn * 3 + step) % LIMITED])
    const lines = picked.map((product) => line(product, 1))
    const value = lines.reduce((sum, item) => sum + item.price * item.quantity, 0)
    lines.push(line(filler, Math.max(1, Math.ceil((61 - value) / Number(filler.price)))))
    return lines
  }
  console.log(
    `\nThe last units: ${CUSTOMERS} customers at once, ${LIMITED} products limited to ${EACH} each, baskets of three of them, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL at BENCH_DATABASE_URL' : 'embedded PostgreSQL'}\n`,
  )

  await setLimit(EACH)
  const scarce = await round(customers, basketOf, { until: 'sold out' })
  const shown = (await call(admin, 'GET', '/api/products')).body
  const left = limited.map((product) => shown.find((item) => item.id === product.id).leftThisWeek)
  const week = (await call(admin, 'GET', `/api/admin/week/${scarce.saturday}`)).body
  const sold = limited.map(
    (product) => week.weeklyQuantities.find((row) => row.productId === product.id)?.sold ?? 0,
  )

  await setLimit(null)
  const plenty = await round(customers, basketOf, { until: scarce.checkouts })

  console.log('| round | checkouts | 409s | payments p50 ms | p99 ms | checkouts per second |')
  console.log('|---|---|---|---|---|---|')
  for (const [label, result] of [
    ['the last units (limited)', scarce],
    ['the same baskets, unlimited', plenty],
  ]) {
    console.log(
      `| ${label} | ${result.checkouts} | ${result.refused} | ${percentile(result.intents, 50).toFixed(0)} | ${percentile(result.intents, 99).toFixed(0)} | ${(result.checkouts / result.seconds).toFixed(1)} |`,
    )
  }
  const total = sold.reduce((sum, count) => sum + count, 0)
  console.log(
    `\nunits sold per product: ${sold.join(', ')} (${total} of ${LIMITED * EACH}); left shown: ${left.join(', ')}`,
  )
  if (sold.some((count) => count > EACH)) {
    console.error('OVERSOLD: a product sold more than its weekly quantity')
    process.exitCode = 1
  }
  if (scarce.errors + plenty.errors > 0) {
    console.error(`errors: ${scarce.errors + plenty.errors}`)
    process.exitCode = 1
  }
} finally {
  await shop.stop()
}

/**
 * Every customer checks out again and again: until each of their baskets is refused as sold
 * out, or until `until` checkouts are made in all.
 */
async function round(customers, basketOf, { until }) {
  const result = { checkouts: 0, refused: 0, errors: 0, intents: [], saturday: '' }
  const started = performance.now()
  let turn = 0
  await Promise.all(
    customers.map(async (customer) => {
      let refusedInARow = 0
      for (;;) {
        if (until === 'sold out' ? refusedInARow >= LIMITED : result.checkouts >= until) return
        const items = basketOf(turn++)
        const quote = await call(customer, 'POST', '/api/create-payment-intent', {
          amount: 0,
          items,
        })
        const t0 = performance.now()
        const intent = await call(customer, 'POST', '/api/create-payment-intent', {
          amount: quote.body.totals.total,
          items,
        })
        result.intents.push(performance.now() - t0)
        if (intent.status === 409) {
          result.refused += 1
          refusedInARow += 1
          continue
        }
        refusedInARow = 0
        if (intent.status !== 200) {
          result.errors += 1
          continue
        }
        const id = intent.body.paymentIntentId
        result.saturday = intent.body.deliveryDate.slice(0, 10)
        await call(customer, 'POST', `/api/demo-payments/${id}/confirm`, CARD)
        const order = await call(customer, 'POST', '/api/orders', { paymentIntentId: id })
        if (order.status === 201) result.checkouts += 1
        else result.errors += 1
      }
    }),
  )
  result.seconds = (performance.now() - started) / 1000
  return result
}

function line(product, quantity) {
  return { id: product.id, name: product.name, price: Number(product.price), quantity }
}
