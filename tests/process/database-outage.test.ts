import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import type { EmbeddedPostgres } from '#server/db/embedded.ts'
import { NOT_READY_MESSAGES } from '#server/features/health/index.ts'
import { ERRORS } from '#shared/errors.ts'
import { signUp, type Customer } from './shop-client.ts'
import { startShop } from './shop-process.ts'
import { startTcpProxy } from './tcp-proxy.ts'
import {
  machineDatabase,
  machineServerUrl,
  ownEmbeddedServer,
  queryOnce,
  removeEmbeddedCluster,
} from './test-databases.ts'

/**
 * Faults (docs/testing.md#faults): PostgreSQL goes away under traffic for a few seconds and comes
 * back. While it is down every answer of a database-backed route is a 503 in the shape of
 * docs/product.md#api-errors with a clear message, arriving promptly (never a 500, never a hang),
 * /readyz says the database is not reachable and /healthz (liveness) stays 200; once it is back
 * the same process answers 200 again by itself.
 */

/** no answer may take longer than this, outage or not */
const ANSWER_BOUND_MS = 10_000
/** after the database is back, every route answers 200 again within this */
const RECOVERY_BOUND_MS = 15_000
const OUTAGE_MS = 3_000

type Phase = 'up' | 'going down' | 'down' | 'coming back' | 'back'

interface Answer {
  route: string
  /** when the call was made */
  phase: Phase
  /** when its answer came */
  answeredIn: Phase
  status: number | 'no answer'
  body: unknown
  contentType: string | null
  ms: number
  at: number
}

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function outageUnderTraffic(database: {
  url: string
  goDown(): Promise<void>
  comeBack(): Promise<void>
}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-faults-app-'))
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }))
  const shop = await startShop({ dataDir, env: { DATABASE_URL: database.url } })
  cleanups.push(() => shop.stop())
  const customer = await signUp(() => shop.url, 'outage')

  let searches = 0
  const routes: Record<string, (customer: Customer) => Promise<Response>> = {
    // searches are cached per term: a new term each time queries the database
    'GET /api/products?search=…': () =>
      fetchBounded(`${shop.url}/api/products?search=${encodeURIComponent(`honey ${++searches}`)}`),
    // the session, then the customer's orders
    'GET /api/orders (signed in)': (signedIn) => signedIn.fetch('/api/orders', ANSWER_BOUND_MS),
    // readiness: a load balancer stops sending traffic while the database is away
    'GET /readyz': () => fetchBounded(`${shop.url}/readyz`),
  }
  const outageMessages: Record<string, string> = {
    'GET /readyz': NOT_READY_MESSAGES['database-unreachable'],
  }

  let phase: Phase = 'up'
  let stopped = false
  const answers: Answer[] = []
  const keepCalling = async (route: string, call: (customer: Customer) => Promise<Response>) => {
    while (!stopped) {
      const started = performance.now()
      const answer: Answer = {
        route,
        phase,
        answeredIn: phase,
        status: 'no answer',
        body: undefined,
        contentType: null,
        ms: 0,
        at: Date.now(),
      }
      try {
        const response = await call(customer)
        answer.status = response.status
        answer.contentType = response.headers.get('content-type')
        const text = await response.text()
        answer.body = answer.contentType?.includes('json') ? JSON.parse(text) : text
      } catch (error) {
        answer.body = String(error) // a hang ends in the bound's abort
      }
      answer.ms = performance.now() - started
      answer.answeredIn = phase
      answers.push(answer)
      await sleep(50)
    }
  }
  const traffic = Object.entries(routes).map(([route, call]) => keepCalling(route, call))

  await sleep(500)
  // the job queue's cron adds its tick at each minute's turn: the outage spans one, since a
  // tick that cannot reach the database once stopped the job runner and crashed the shop
  await sleep(untilNextMinute() - 1_000)
  phase = 'going down'
  await database.goDown()
  phase = 'down'
  await sleep(OUTAGE_MS / 2)
  // liveness stays up: restarting the app would not bring the database back
  const liveness = await fetchBounded(`${shop.url}/healthz`)
  await sleep(OUTAGE_MS / 2)
  phase = 'coming back'
  await database.comeBack()
  const backAt = Date.now()
  phase = 'back'
  const recovered = (route: string) =>
    answers.some(
      (answer) => answer.route === route && answer.phase === 'back' && answer.status === 200,
    )
  while (!Object.keys(routes).every(recovered) && Date.now() - backAt < RECOVERY_BOUND_MS + 1_000) {
    await sleep(100)
  }
  await sleep(300) // a few more answers after recovery
  stopped = true
  await Promise.all(traffic)

  const describeAnswer = (answer: Answer) =>
    `${answer.route} while ${answer.phase}: ${answer.status} ${JSON.stringify(answer.body)} in ${Math.round(answer.ms)} ms (answered while ${answer.answeredIn})`
  // never a 500, never another status: 200 while the database answers, 503 while it does not
  expect(answers.filter((a) => a.status !== 200 && a.status !== 503).map(describeAnswer)).toEqual(
    [],
  )
  expect(answers.filter((a) => a.ms >= ANSWER_BOUND_MS).map(describeAnswer)).toEqual([])
  for (const answer of answers.filter((a) => a.status === 503)) {
    expect(answer.contentType, describeAnswer(answer)).toMatch(/^application\/json/)
    // { message } with a message a person can read (docs/product.md#api-errors)
    const body = answer.body as { message?: unknown }
    expect(Object.keys(body), describeAnswer(answer)).toEqual(['message'])
    expect(body.message, describeAnswer(answer)).toBe(
      outageMessages[answer.route] ?? ERRORS.SERVICE_UNAVAILABLE.message,
    )
  }
  for (const route of Object.keys(routes)) {
    const of = (wanted: Phase) => answers.filter((a) => a.route === route && a.phase === wanted)
    // before the outage (answered before it began), each a 200
    const before = answers.filter((a) => a.route === route && a.answeredIn === 'up')
    expect(before.length, route).toBeGreaterThan(0)
    expect(before.filter((a) => a.status !== 200).map(describeAnswer)).toEqual([])
    // while the database is down (asked and answered while it was): several answers, each a
    // 503. A call made in the last moments of the outage may reach the database once it is
    // back, and rightly gets its 200: the proxy listens again within a millisecond.
    const whileDown = of('down').filter((a) => a.answeredIn === 'down')
    expect(whileDown.length, route).toBeGreaterThanOrEqual(3)
    expect(whileDown.filter((a) => a.status !== 503).map(describeAnswer)).toEqual([])
    // back by itself, within the bound, and staying back
    const firstBack = of('back').findIndex((a) => a.status === 200)
    expect(firstBack, `${route} answered 200 again`).toBeGreaterThanOrEqual(0)
    expect(of('back')[firstBack]!.at - backAt, route).toBeLessThan(RECOVERY_BOUND_MS)
    expect(
      of('back')
        .slice(firstBack)
        .map((a) => a.status),
      route,
    ).not.toContain(503)
  }
  expect(liveness.status, 'GET /healthz while the database is down').toBe(200)
  expect(shop.child.exitCode, 'the shop kept running').toBeNull()
}

const fetchBounded = (url: string) => fetch(url, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) })

/** milliseconds to the next turn of a minute, at least 1.5 s away */
function untilNextMinute(): number {
  const left = 60_000 - (Date.now() % 60_000)
  return left >= 1_500 ? left : left + 60_000
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('PostgreSQL restarts under traffic: 503 while it is down, 200 again by itself', () => {
  test('on an embedded PostgreSQL, shut down in immediate mode and started again on its port', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-faults-db-'))
    let server: EmbeddedPostgres = await ownEmbeddedServer(root)
    cleanups.push(async () => {
      await server.stop()
      await removeEmbeddedCluster(root, server)
    })
    await outageUnderTraffic({
      url: server.connectionString,
      async goDown() {
        process.kill(server.pid, 'SIGQUIT') // immediate: sessions cut, crash recovery on start
        await server.stop() // waits for the exit and releases the cluster
      },
      async comeBack() {
        server = await ownEmbeddedServer(root, server.port)
      },
    })
  })

  // the machine's server is used only where TEST_DATABASE_URL names it (npm test on CI); it is
  // never restarted: a proxy in front of it goes away and the shop's sessions are terminated
  test.runIf(machineServerUrl)(
    "on the machine's PostgreSQL (TEST_DATABASE_URL), behind a proxy that goes away",
    async () => {
      const database = await machineDatabase(machineServerUrl!)
      cleanups.push(() => database.drop())
      const direct = new URL(database.url)
      const proxy = await startTcpProxy({
        host: direct.hostname,
        port: Number(direct.port || 5432),
      })
      cleanups.push(() => proxy.close())
      const throughProxy = new URL(database.url)
      throughProxy.hostname = '127.0.0.1'
      throughProxy.port = String(proxy.port)
      await outageUnderTraffic({
        url: throughProxy.toString(),
        async goDown() {
          await proxy.refuse()
          await queryOnce(
            machineServerUrl!,
            // with a timeout it waits for each backend to end: without one, a connection whose
            // backend had not died yet could still answer after "down" began
            'select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [direct.pathname.slice(1)],
          )
        },
        comeBack: () => proxy.accept(),
      })
    },
  )
})
