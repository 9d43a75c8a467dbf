// npm run bench:admin: the admin's order list on a shop with many orders. Makes a database of
// its own on the PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
// postgres, the server these machines run), fills it with BENCH_ORDERS orders (50,000: about a
// thousand a week for a year, three items each), and measures GET /api/admin/orders as an admin,
// 20 connections for BENCH_SECONDS (10) each: the first page, a page deep in the list, one
// delivery day, and one day and status. Reports requests per second, p50 and p99, and each
// case's time against the first page's, all from one run. The database is dropped at the end
// (BENCH_KEEP_DATABASE=true keeps it).
import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { benchDatabase, signInCookie, startBenchShop } from './bench-shop.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000)
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password' }

if (spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)

const benchData = await benchDatabase(SERVER_URL, 'admin')
const shop = await startBenchShop('admin', {
  DATABASE_URL: benchData.url,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
})
const base = shop.base

try {
  const cookie = await signInCookie(base, ADMIN)

  const db = new pg.Client({ connectionString: benchData.url })
  await db.connect()
  const filled = performance.now()
  const {
    rows: [admin],
  } = await db.query('select id from users where email = $1', [ADMIN.email])
  // one every 10 minutes going back from Friday 2026-11-20 (50,000 is about a year, a thousand a
  // week), each delivered on the Saturday after it was placed, 5:00 AM Chicago (11:00 UTC in
  // winter, 10:00 in summer: the bench keeps 11:00, still the same Houston day)
  await db.query(
    `insert into orders (user_id, customer_name, customer_email, delivery_address, delivery_date,
       subtotal, delivery_fee, tax, total, payment_intent_id, status, delivery_status, created_at)
     select $1, 'Bench Customer ' || g, 'bench' || g || '@example.com',
       '1200 Heights Blvd, Houston, TX 77008',
       date_trunc('week', placed) + interval '5 days 11 hours',
       80.00, 5.99, 6.60, 92.59, 'pi_bench_' || g,
       (array['pending', 'confirmed', 'completed', 'cancelled'])[1 + (g / 7) % 4],
       (array['order_placed', 'preparing', 'out_for_delivery', 'delivered'])[1 + (g / 3) % 4],
       placed
     from generate_series(1, $2::int) g,
       lateral (select timestamptz '2026-11-20 12:00:00+00' - g * interval '10 minutes') t(placed)`,
    [admin.id, ORDERS],
  )
  await db.query(
    `insert into order_items (order_id, product_name, product_price, quantity, farm_source)
     select o.id, 'Bench item ' || k, 12.00, 2, 'Atkinson Farms'
     from orders o, generate_series(1, 3) k`,
  )
  // the steady state autovacuum keeps: statistics and the visibility map (index-only counts)
  await db.query('vacuum analyze')
  await db.end()
  console.log(
    `\nAdmin orders: ${ORDERS} orders (${ORDERS * 3} items) filled in ${((performance.now() - filled) / 1000).toFixed(1)} s; 20 connections, ${SECONDS} s per case, PostgreSQL at ${SERVER_URL.replace(/\/\/[^@]*@/, '//')}\n`,
  )

  const day = '2026-06-13'
  const cases = [
    ['first page (20 orders)', '/api/admin/orders'],
    ['page 1000 (20 orders)', '/api/admin/orders?page=1000'],
    [
      `one delivery day (${day}, ~1,000 orders, placed 5 months ago)`,
      `/api/admin/orders?deliveryDate=${day}`,
    ],
    ['that day and one status', `/api/admin/orders?deliveryDate=${day}&status=confirmed`],
    ['a page of 100 orders', '/api/admin/orders?pageSize=100'],
  ]
  const results = []
  for (const [label, url] of cases) {
    const check = await fetch(`${base}${url}`, { headers: { cookie } })
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}`)
    results.push([label, url, measure(`${base}${url}`, cookie)])
  }
  const first = results[0][2]
  console.log('| case | requests/s | p50 ms | p99 ms | p50 against the first page |')
  console.log('|---|---|---|---|---|')
  for (const [label, url, result] of results) {
    console.log(
      `| ${label} \`${url}\` | ${result.rps.toFixed(0)} | ${result.p50} | ${result.p99} | ${(result.p50 / first.p50).toFixed(2)}× |`,
    )
    if (result.errors > 0) console.log(`  (${result.errors} errors)`)
  }
} finally {
  await shop.stop()
  // BENCH_KEEP_DATABASE=true keeps it, to look at query plans afterwards
  if (process.env.BENCH_KEEP_DATABASE === 'true') {
    console.log(`kept database ${benchData.name}`)
    await benchData.keep()
  } else await benchData.drop()
}

function measure(url, cookie) {
  const run = spawnSync(
    process.execPath,
    ['scripts/bench/load.mjs', url, '20', String(SECONDS), cookie],
    { encoding: 'utf8' },
  )
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout.trim().split('\n').at(-1))
}
