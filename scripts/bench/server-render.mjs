// npm run bench (its third part): a server-rendered page, GET /shop/produce, from the shop's
// HTML cache against a bare node:http server returning the same bytes with the same encoding,
// with `accept-encoding: gzip` as a browser sends it and without, interleaved in one run
// (autocannon in its own process, 50 connections, 10 s); then the latency of renders the cache
// cannot answer. Exits 1 when the shop's cached page runs below 0.8 of the bare server.
// BENCH_ROUNDS and BENCH_SECONDS change the run's length; BENCH_DATABASE_URL runs the shop on a
// database of its own on that server instead of its embedded PostgreSQL.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { benchDatabase } from './bench-shop.mjs'
import { startProcess, stop, stopAll } from './children.mjs'
import { freePort, waitFor } from './net.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
const AIM = 0.8
const PAGE = '/shop/produce'
/** sequential renders measured per kind of page */
const RENDERS = Number(process.env.BENCH_RENDERS ?? 150)
const hasTaskset = spawnSync('taskset', ['-V']).status === 0 && os.cpus().length >= 2
// the servers on one core and the load generator on the other, as far as the machine allows
const pinned = (core, command, args) =>
  hasTaskset ? ['taskset', ['-c', String(core), command, ...args]] : [command, args]

if (spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hftd-bench-render-'))
fs.chmodSync(workDir, 0o711) // as root, the embedded PostgreSQL's user must pass through
const database = process.env.BENCH_DATABASE_URL
  ? await benchDatabase(process.env.BENCH_DATABASE_URL, 'render')
  : undefined
let failed = false

try {
  const [shopPort, barePort] = [await freePort(), await freePort()]
  const shop = await startProcess(
    ...pinned(1, process.execPath, ['dist/server/main.mjs']),
    {
      DATA_DIR: path.join(workDir, 'data'),
      PORT: String(shopPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    null,
  )
  await waitFor(`http://127.0.0.1:${shopPort}/readyz`, 60_000)
  const base = `http://127.0.0.1:${shopPort}`

  // the bytes the shop sends for the page, both ways, for the bare server to send
  const plain = await bytesOf(`${base}${PAGE}`, {})
  const gzipped = await bytesOf(`${base}${PAGE}`, { 'accept-encoding': 'gzip' })
  if (plain.encoding !== null || gzipped.encoding !== 'gzip')
    throw new Error(`unexpected encodings: ${plain.encoding}, ${gzipped.encoding}`)
  if (!gunzipSync(gzipped.bytes).equals(plain.bytes))
    throw new Error('the gzipped page is not the plain one (was the cache renewed in between?)')
  const plainFile = path.join(workDir, 'page.html')
  const gzipFile = path.join(workDir, 'page.html.gz')
  fs.writeFileSync(plainFile, plain.bytes)
  fs.writeFileSync(gzipFile, gzipped.bytes)
  await startProcess(
    ...pinned(1, process.execPath, [
      'scripts/bench/bare-server.mjs',
      String(barePort),
      plainFile,
      'text/html; charset=utf-8',
      gzipFile,
    ]),
    {},
    'ready',
  )

  const gzip = { 'accept-encoding': 'gzip' }
  const targets = {
    'shop, gzip': { base, headers: gzip, runs: [] },
    'bare, gzip': { base: `http://127.0.0.1:${barePort}`, headers: gzip, runs: [] },
    'shop, plain': { base, headers: {}, runs: [] },
    'bare, plain': { base: `http://127.0.0.1:${barePort}`, headers: {}, runs: [] },
  }
  console.log(
    `\nGET ${PAGE}: ${plain.bytes.length} bytes of HTML, ${gzipped.bytes.length} gzipped; ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds${hasTaskset ? ', servers on core 1 and load on core 0' : ''}\n`,
  )
  for (const target of Object.values(targets)) load(target, 3) // warm-up
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order = Object.entries(targets)
    for (const [name, target] of round % 2 ? order : order.reverse()) {
      const result = load(target, SECONDS)
      target.runs.push(result)
      console.log(
        `round ${round} ${name.padEnd(12)} ${result.rps.toFixed(0).padStart(7)} req/s  p99 ${String(result.p99).padStart(3)} ms  errors ${result.errors}`,
      )
    }
  }

  // Renders the cache cannot answer. The cache keys on the path and the query keys the page
  // reads (SERVER_RENDERED_PAGES), so each address below is one the shop has not rendered yet:
  // the whole shop (79 products) with a minimum price no product is under (0.01, 0.02, …), which
  // shows every product but is a new address each time; and every product page once. Each is
  // the page's data through the API's routes (their caches are cold for these queries too), a
  // React render and the document, one request at a time, gzip accepted.
  const prices = (start, count) =>
    Array.from({ length: count }, (_, i) => ((start + i) / 100).toFixed(2))
  for (let i = 0; i < 20; i += 1) await timed(`${base}/shop?maxPrice=${100 + i}.00`) // warm-up
  const shopRenders = []
  for (const price of prices(1, Math.min(RENDERS, 99))) {
    shopRenders.push(await timed(`${base}/shop?minPrice=${price}`))
  }
  const products = await (await fetch(`${base}/api/products?limit=200`)).json()
  const productRenders = []
  for (const product of products.slice(0, RENDERS)) {
    productRenders.push(await timed(`${base}/product/${product.id}`))
  }
  const cachedOnce = await timed(`${base}/shop?minPrice=0.01`)

  const summary = Object.fromEntries(
    Object.entries(targets).map(([name, target]) => [
      name,
      {
        rps: median(target.runs.map((run) => run.rps)),
        p99: median(target.runs.map((run) => run.p99)),
        errors: target.runs.reduce((sum, run) => sum + run.errors, 0),
      },
    ]),
  )
  const ratios = {
    gzip: summary['shop, gzip'].rps / summary['bare, gzip'].rps,
    plain: summary['shop, plain'].rps / summary['bare, plain'].rps,
  }
  console.log(`\n| GET ${PAGE} (medians) | req/s | p99 ms | errors |`)
  console.log('|---|---|---|---|')
  for (const [name, s] of Object.entries(summary))
    console.log(`| ${name} | ${s.rps.toFixed(0)} | ${s.p99} | ${s.errors} |`)
  for (const [encoding, ratio] of Object.entries(ratios))
    console.log(`| **shop ÷ bare, ${encoding}** | **${ratio.toFixed(2)}** (aim ≥ ${AIM}) | | |`)

  console.log('\n| uncached render, one at a time | renders | p50 ms | p99 ms | max ms |')
  console.log('|---|---|---|---|---|')
  for (const [name, times] of [
    ['`/shop?minPrice=0.NN` (79 products)', shopRenders],
    ['every `/product/:id`', productRenders],
  ]) {
    console.log(
      `| ${name} | ${times.length} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`,
    )
  }
  console.log(`(the first of them again, from the cache: ${cachedOnce.toFixed(1)} ms)`)

  const errors = Object.values(summary).reduce((sum, s) => sum + s.errors, 0)
  if (errors > 0) {
    console.error(`\n${errors} requests failed`)
    failed = true
  }
  for (const [encoding, ratio] of Object.entries(ratios)) {
    if (ratio < AIM) {
      console.error(
        `\nthe cached page (${encoding}) ran at ${ratio.toFixed(2)} of the bare server (aim ≥ ${AIM})`,
      )
      failed = true
    }
  }
  await stop(shop)
} finally {
  await stopAll()
  await database?.drop()
  fs.rmSync(workDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)

async function bytesOf(url, headers) {
  // node's fetch would decompress: ask with node:http semantics through a raw request instead
  const { request } = await import('node:http')
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`))
        resolve({
          bytes: Buffer.concat(chunks),
          encoding: response.headers['content-encoding'] ?? null,
        })
      })
    })
      .on('error', reject)
      .end()
  })
}

function load(target, seconds) {
  const spec = {
    targets: [target.base],
    connections: CONNECTIONS,
    seconds,
    requests: [{ method: 'GET', path: PAGE, headers: target.headers }],
  }
  const [command, args] = pinned(0, process.execPath, [
    'scripts/bench/load.mjs',
    '--spec',
    JSON.stringify(spec),
  ])
  const output = execFileSync(command, args, { encoding: 'utf8' })
  return JSON.parse(output.trim().split('\n').at(-1))
}

/** ms from the request to the last byte of a 200 */
async function timed(url, retried = false) {
  const started = performance.now()
  let response
  try {
    response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } })
  } catch (error) {
    // fetch may reuse a kept-alive connection from before the load that the shop has since
    // closed ("other side closed"): a new connection, once, and the time from then
    if (retried || error?.cause?.code !== 'UND_ERR_SOCKET') throw error
    return timed(url, true)
  }
  await response.arrayBuffer()
  const elapsed = performance.now() - started
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
  return elapsed
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
