// npm run bench: GET /api/products on the shop against a bare node:http server returning the
// same bytes, and the search box's call (GET /api/products?search=…&limit=5, answered from the
// database, never cached), interleaved in one run (autocannon in its own process, 50
// connections, 10 s), plus the time from `npm start` to the first answer on an existing data
// directory and the shop's memory after the load. BENCH_ROUNDS and BENCH_SECONDS change the
// run's length.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startProcess, stop, stopAll } from './children.mjs'
import { freePort, waitFor } from './net.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
/** a word a few demo products match (name, producer or description), as typed in the search box */
const SEARCH_WORD = 'pecan'
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
const hasTaskset = spawnSync('taskset', ['-V']).status === 0 && os.cpus().length >= 2
// the servers on one core and the load generator on the other, as far as the machine allows
const pinned = (core, command, args) =>
  hasTaskset ? ['taskset', ['-c', String(core), command, ...args]] : [command, args]

if (spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hftd-bench-'))
fs.chmodSync(workDir, 0o711) // as root, the embedded PostgreSQL's user must pass through
const dataDir = path.join(workDir, 'data')
const [shopPort, barePort, restartPort] = [await freePort(), await freePort(), await freePort()]

try {
  const shop = await startShop(shopPort)
  const url = `http://127.0.0.1:${shopPort}/api/products`
  const body = Buffer.from(await (await fetch(url)).arrayBuffer())
  const bodyFile = path.join(workDir, 'products.json')
  fs.writeFileSync(bodyFile, body)
  const bare = await startProcess(
    ...pinned(1, process.execPath, ['scripts/bench/bare-server.mjs', String(barePort), bodyFile]),
    {},
    'ready',
  )
  const searchUrl = `${url}?search=${SEARCH_WORD}&limit=5`
  const found = await (await fetch(searchUrl)).json()
  if (!Array.isArray(found) || found.length === 0) throw new Error(`${searchUrl} found nothing`)
  const targets = {
    bare: { url: `http://127.0.0.1:${barePort}/`, pid: bare.pid, runs: [] },
    shop: { url, pid: shop.pid, runs: [] },
    search: { url: searchUrl, pid: shop.pid, runs: [] },
  }
  console.log(
    `\nGET /api/products: ${body.length} bytes; search "${SEARCH_WORD}": ${found.length} products; ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds${hasTaskset ? ', servers on core 1 and load on core 0' : ''}\n`,
  )
  for (const target of Object.values(targets)) await load(target.url, 3) // warm-up
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order = Object.entries(targets)
    for (const [name, target] of round % 2 ? order : order.reverse()) {
      const cpuBefore = cpuSeconds(target.pid)
      const result = await load(target.url, SECONDS)
      const cpu = cpuSeconds(target.pid) - cpuBefore
      target.runs.push({ ...result, cpuMicrosPerRequest: (cpu * 1e6) / result.requests })
      console.log(
        `round ${round} ${name.padEnd(6)} ${result.rps.toFixed(0).padStart(7)} req/s  p99 ${String(result.p99).padStart(3)} ms  ${((cpu * 1e6) / result.requests).toFixed(1).padStart(6)} µs CPU/req  errors ${result.errors}`,
      )
    }
  }
  const rssMb = rss(shop.pid)
  const summary = Object.fromEntries(
    Object.entries(targets).map(([name, target]) => [
      name,
      {
        rps: median(target.runs.map((run) => run.rps)),
        p99: median(target.runs.map((run) => run.p99)),
        cpu: median(target.runs.map((run) => run.cpuMicrosPerRequest)),
        errors: target.runs.reduce((sum, run) => sum + run.errors, 0),
      },
    ]),
  )
  await stop(shop)

  const startTimes = []
  for (let attempt = 0; attempt < 3; attempt += 1)
    startTimes.push(await timeToFirstAnswer(restartPort))

  const labels = {
    bare: 'bare node:http, same bytes',
    shop: 'the shop',
    search: `the shop, search (\`?search=${SEARCH_WORD}&limit=5\`)`,
  }
  console.log('\n| GET /api/products (medians) | req/s | p99 ms | CPU µs/req | errors |')
  console.log('|---|---|---|---|---|')
  for (const [name, s] of Object.entries(summary)) {
    console.log(
      `| ${labels[name]} | ${s.rps.toFixed(0)} | ${s.p99} | ${s.cpu.toFixed(1)} | ${s.errors} |`,
    )
  }
  console.log(
    `| **shop ÷ bare** | **${(summary.shop.rps / summary.bare.rps).toFixed(2)}** | ${(summary.shop.p99 / Math.max(1, summary.bare.p99)).toFixed(2)} | ${(summary.shop.cpu / summary.bare.cpu).toFixed(2)} | |`,
  )
  console.log(
    "(the search's CPU is the shop process's only: PostgreSQL's share of each query is not counted)",
  )
  console.log(
    `\nnpm start → first answered request, existing data directory: ${startTimes.map((ms) => `${ms} ms`).join(', ')} (median ${median(startTimes)} ms; aim < 2000 ms)`,
  )
  console.log(`shop RSS after the load: ${rssMb.toFixed(0)} MB (aim < 200 MB)`)
} finally {
  await stopAll()
  fs.rmSync(workDir, { recursive: true, force: true })
}

async function startShop(port) {
  const child = await startProcess(
    ...pinned(1, process.execPath, ['dist/server/main.mjs']),
    { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    null,
  )
  const exited = new Promise((_, reject) =>
    child.once('exit', () => reject(new Error('the shop exited'))),
  )
  await Promise.race([waitFor(`http://127.0.0.1:${port}/readyz`, 60_000), exited])
  return child
}

async function load(url, seconds) {
  const [command, args] = pinned(0, process.execPath, [
    'scripts/bench/load.mjs',
    url,
    String(CONNECTIONS),
    String(seconds),
  ])
  const output = execFileSync(command, args, { encoding: 'utf8' })
  return JSON.parse(output.trim().split('\n').at(-1))
}

/** utime + stime of a process and its threads, in seconds (the pid may be taskset's, which execs) */
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

function rss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

async function timeToFirstAnswer(port) {
  const started = performance.now()
  const child = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  })
  await waitFor(`http://127.0.0.1:${port}/api/products`, 60_000, 10)
  const elapsed = Math.round(performance.now() - started)
  process.kill(-child.pid, 'SIGINT') // as a terminal's Ctrl-C: the shop stops its PostgreSQL
  await new Promise((resolve) => child.once('exit', resolve))
  await waitForEmbeddedStop()
  return elapsed
}

async function waitForEmbeddedStop() {
  const lockFile = path.join(dataDir, 'postgres', 'data', 'postmaster.pid')
  for (let i = 0; i < 200 && fs.existsSync(lockFile); i += 1)
    await new Promise((r) => setTimeout(r, 50))
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
