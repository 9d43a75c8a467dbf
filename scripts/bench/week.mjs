// npm run bench:week: the week's lists on a busy Saturday (docs/product.md#the-week). Makes a
// database of its own on the PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@
// 127.0.0.1:5432/postgres), fills it with BENCH_WEEK_ORDERS orders (5,000) of 8 items for one
// Saturday (every other order with a custom box of seven chosen items), 500 orders of 8 items for
// the Saturday after, and 20 earlier weeks of 1,000 orders of 3 items around them. It prints the
// EXPLAIN ANALYZE of the harvest query (target under 200 ms), times GET .../harvest and
// GET .../packing-slips for the 500 orders, and loads the printable packing-slips page in
// Chromium (CHROMIUM_PATH, default /usr/bin/chromium; target under 2 s). Run through tsx: the
// harvest's reads are the shop's own (the week feature's over the orders feature's line totals
// and the catalogue's product facts), and the plan is that of the orders feature's query.
import { spawnSync } from 'node:child_process'
import { chromium } from '@playwright/test'
import { drizzle } from 'drizzle-orm/node-postgres'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { chicagoDayBounds } from '../../src/shared/domain/delivery.ts'
import { createCatalogRepo } from '../../src/server/features/catalog/catalog.repo.ts'
import { createOrderReadsRepo } from '../../src/server/features/orders/order-reads.repo.ts'
import { createWeekReads } from '../../src/server/features/week/week-reads.ts'
import { benchDatabase, signInCookie, startBenchShop } from './bench-shop.mjs'

const ORDERS = Number(process.env.BENCH_WEEK_ORDERS ?? 5_000)
const SLIPS = 500
const RUNS = 10
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password' }
const BUSY = '2026-12-05'
const SLIP_DAY = '2026-12-12'

if (spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)

const benchData = await benchDatabase(SERVER_URL, 'week')
const shop = await startBenchShop('week', {
  DATABASE_URL: benchData.url,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
})
const base = shop.base
const db = new pg.Client({ connectionString: benchData.url })
await db.connect()

/** Orders of one Saturday, each with `items` lines of the demo catalogue's products. */
async function fillDay(userId, saturday, count, items, products, produce, boxes) {
  const delivery = chicagoDayBounds(saturday).start.getTime() + 5 * 3_600_000
  const { rows } = await db.query(
    `insert into orders (user_id, customer_name, customer_email, customer_phone, delivery_address,
       delivery_date, subtotal, delivery_fee, tax, total, payment_intent_id, special_instructions)
     select $1, 'Bench Customer ' || g, 'bench' || g || '@example.com', '(713) 555-0100',
       g || ' Heights Blvd, Houston, TX 77008', $2, 80.00, 5.99, 6.60, 92.59,
       'pi_bench_week_' || $3 || '_' || g,
       case when g % 5 = 0 then 'Leave it at the side door, please.' end
     from generate_series(1, $4::int) g
     returning id`,
    [userId, new Date(delivery), saturday, count],
  )
  const columns = { order: [], product: [], name: [], farm: [], quantity: [], selections: [] }
  rows.forEach(({ id }, index) => {
    for (let k = 0; k < items; k++) {
      const box = k === items - 1 && index % 2 === 0
      const product = box
        ? boxes[index % boxes.length]
        : products[(index * 7 + k * 13) % products.length]
      columns.order.push(id)
      columns.product.push(product.id)
      columns.name.push(product.name)
      columns.farm.push(product.farm)
      columns.quantity.push(1 + ((index + k) % 3))
      columns.selections.push(
        box
          ? JSON.stringify(
              Array.from({ length: 7 }, (_, pick) => produce[(index + pick) % produce.length]).map(
                (item) => ({ id: item.id, name: item.name, count: 1 }),
              ),
            )
          : null,
      )
    }
  })
  await db.query(
    `insert into order_items (order_id, product_id, product_name, product_price, quantity,
       farm_source, custom_selections)
     select o, p, n, 12.00, q, f, s
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::jsonb[])
         as t(o, p, n, q, f, s)`,
    [
      columns.order,
      columns.product,
      columns.name,
      columns.quantity,
      columns.farm,
      columns.selections,
    ],
  )
}

const timed = async (work) => {
  const started = performance.now()
  await work()
  return performance.now() - started
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

try {
  const cookie = await signInCookie(base, ADMIN)

  const filled = performance.now()
  const {
    rows: [admin],
  } = await db.query('select id from users where email = $1', [ADMIN.email])
  const { rows: catalogue } = await db.query(
    `select p.id, p.name, p.category, pr.name as farm
       from products p join producers pr on pr.id = p.producer_id order by p.name`,
  )
  const products = catalogue.filter((product) => product.category !== 'farm-boxes')
  const produce = catalogue.filter((product) => product.category === 'produce')
  const boxes = catalogue.filter((product) => product.category === 'farm-boxes')
  await fillDay(admin.id, BUSY, ORDERS, 8, products, produce, boxes)
  await fillDay(admin.id, SLIP_DAY, SLIPS, 8, products, produce, boxes)
  // the weeks before: 20 Saturdays of 1,000 orders of 3 items, as a year's table holds them
  await db.query(
    `insert into orders (user_id, customer_name, customer_email, delivery_address, delivery_date,
       subtotal, delivery_fee, tax, total, payment_intent_id, status)
     select $1, 'Past Customer ' || g, 'past' || g || '@example.com', '1 Main St, Houston, TX 77002',
       timestamptz '2026-11-28 11:00:00+00' - (g % 20) * interval '7 days',
       80.00, 5.99, 6.60, 92.59, 'pi_bench_past_' || g,
       case when g % 9 = 0 then 'cancelled' else 'completed' end
     from generate_series(1, 20000) g`,
    [admin.id],
  )
  await db.query(
    `insert into order_items (order_id, product_name, product_price, quantity, farm_source)
     select o.id, 'Past item ' || k, 12.00, 2, 'Atkinson Farms'
       from orders o, generate_series(1, 3) k where o.payment_intent_id like 'pi_bench_past_%'`,
  )
  await db.query('vacuum analyze')
  console.log(
    `\nThe week: ${ORDERS} orders of 8 items on ${BUSY}, ${SLIPS} on ${SLIP_DAY}, 20,000 earlier orders; filled in ${((performance.now() - filled) / 1000).toFixed(1)} s; PostgreSQL at ${SERVER_URL.replace(/\/\/[^@]*@/, '//')}\n`,
  )

  // the harvest's reads as the week feature makes them: the orders feature's line totals of the
  // day, then the catalogue's facts of their products (and producers of lines whose product is gone)
  const day = chicagoDayBounds(BUSY)
  const data = drizzle(db)
  const orderReads = createOrderReadsRepo(data)
  const catalogRepo = createCatalogRepo(data)
  const weekReads = createWeekReads({
    orders: { lineTotalsOn: (bounds) => orderReads.lineTotals(bounds) },
    catalog: {
      productFacts: (ids) => catalogRepo.productFacts(ids),
      producersByName: (names) => catalogRepo.producersByName(names),
    },
  })
  const query = new PgDialect().sqlToQuery(orderReads.lineTotalsQuery(day))
  const params = query.params.map((value) => (value instanceof Date ? value.toISOString() : value))
  const queryTimes = []
  const readTimes = []
  for (let run = 0; run < RUNS; run++) {
    queryTimes.push(await timed(() => db.query(query.sql, params)))
    readTimes.push(await timed(() => weekReads.productTotals(day)))
  }
  const { rows: plan } = await db.query(`explain (analyze, buffers) ${query.sql}`, params)
  console.log("EXPLAIN ANALYZE of the orders feature's line totals (the harvest's query):\n")
  console.log(plan.map((row) => row['QUERY PLAN']).join('\n'))

  const get = async (path) => {
    const response = await fetch(`${base}${path}`, { headers: { cookie } })
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
    return response.json()
  }
  const harvestTimes = []
  const slipTimes = []
  for (let run = 0; run < RUNS; run++) {
    harvestTimes.push(await timed(() => get(`/api/admin/week/${BUSY}/harvest`)))
    slipTimes.push(await timed(() => get(`/api/admin/week/${SLIP_DAY}/packing-slips`)))
  }
  const slips = await get(`/api/admin/week/${SLIP_DAY}/packing-slips`)
  if (slips.slips.length !== SLIPS) throw new Error(`${slips.slips.length} slips, not ${SLIPS}`)

  // the printable page in Chromium: from navigation to the 500th slip on screen
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  const pageTimes = []
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    const signIn = await page.request.post(`${base}/api/auth/login`, { data: ADMIN })
    if (signIn.status() !== 200) throw new Error('browser sign-in failed')
    for (let run = 0; run < 5; run++) {
      pageTimes.push(
        await timed(async () => {
          await page.goto(`${base}/admin/week/${SLIP_DAY}/packing-slips`)
          await page
            .locator('article')
            .nth(SLIPS - 1)
            .waitFor({ timeout: 30_000 })
        }),
      )
    }
    await context.close()
  } finally {
    await browser.close()
  }

  const ms = (value) => `${value.toFixed(0)} ms`
  console.log('\n| measure | median | slowest | target |')
  console.log('|---|---|---|---|')
  console.log(
    `| harvest query (the orders' line totals), ${ORDERS} orders × 8 items | ${ms(median(queryTimes))} | ${ms(Math.max(...queryTimes))} | < 200 ms |`,
  )
  console.log(
    `| harvest reads (line totals + the catalogue's facts) | ${ms(median(readTimes))} | ${ms(Math.max(...readTimes))} | < 200 ms |`,
  )
  console.log(
    `| GET /api/admin/week/${BUSY}/harvest | ${ms(median(harvestTimes))} | ${ms(Math.max(...harvestTimes))} | |`,
  )
  console.log(
    `| GET /api/admin/week/${SLIP_DAY}/packing-slips (${SLIPS} orders) | ${ms(median(slipTimes))} | ${ms(Math.max(...slipTimes))} | |`,
  )
  console.log(
    `| printable packing slips in Chromium (${SLIPS} slips on screen) | ${ms(median(pageTimes))} | ${ms(Math.max(...pageTimes))} | < 2 s |`,
  )
} finally {
  await db.end()
  await shop.stop()
  if (process.env.BENCH_KEEP_DATABASE === 'true') {
    console.log(`kept database ${benchData.name}`)
    await benchData.keep()
  } else await benchData.drop()
}
