import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
  createPaymentIntent,
  type Customer,
  DEMO_CARD,
  demoBasket,
  orderInconsistencies,
  postOrder,
  quote,
  signUp,
} from './shop-client.ts'
import {
  connectToEmbedded,
  embeddedServer,
  getJson,
  isRunning,
  killPostgres,
  startShop,
  type ShopProcess,
} from './shop-process.ts'

/**
 * The shop on its embedded default keeps every row through restarts and crashes, and comes back
 * by itself: after a clean stop, after the app alone is killed (its PostgreSQL orphaned), and
 * after both are killed in the middle of a stream of orders (a stale lock file left behind;
 * every order confirmed to a customer is kept).
 */
let dataDir: string
let running: ShopProcess | undefined

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-process-'))
})
afterEach(async () => {
  await running?.stop()
  running = undefined
})
afterAll(async () => {
  // a failed test may leave the embedded server running: stop it before removing its files
  const server = await embeddedServer(dataDir)
  if (server && isRunning(server.pid)) {
    process.kill(server.pid, 'SIGINT')
    for (let waited = 0; waited < 15_000 && isRunning(server.pid); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  await fs.rm(dataDir, { recursive: true, force: true })
})

async function snapshot(shop: ShopProcess) {
  const products = await getJson<{ id: string }[]>(`${shop.url}/api/products`)
  const producers = await getJson<unknown[]>(`${shop.url}/api/producers`)
  const client = await connectToEmbedded(dataDir)
  try {
    const messages = await client.query<{ count: number }>(
      'select count(*)::int as count from contact_messages',
    )
    return {
      products: products.length,
      producers: producers.length,
      messages: messages.rows[0]?.count,
    }
  } finally {
    await client.end()
  }
}

/** rows written straight to the database, each committed before the app is killed */
async function writeMessages(count: number, label: string) {
  const client = await connectToEmbedded(dataDir)
  try {
    for (let index = 0; index < count; index += 1) {
      await client.query(
        "insert into contact_messages (first_name, last_name, email, subject, message) values ('Test', $1, 'test@example.com', 'general', 'A message written before a crash.')",
        [`${label}-${index}`],
      )
    }
  } finally {
    await client.end()
  }
}

describe('the shop on its embedded PostgreSQL', () => {
  test('starts fresh with the demo catalogue; a clean restart keeps the data and does not seed twice', async () => {
    running = await startShop({ dataDir })
    const first = await snapshot(running)
    expect(first.producers).toBe(14)
    expect(first.products).toBeGreaterThanOrEqual(60)
    await writeMessages(25, 'clean')

    const server = await embeddedServer(dataDir)
    expect(await running.stop()).toBe(0)
    running = undefined
    expect(await embeddedServer(dataDir), 'PostgreSQL stopped with the app').toBeUndefined()
    expect(isRunning(server!.pid)).toBe(false)

    running = await startShop({ dataDir })
    expect(await snapshot(running)).toEqual({ ...first, messages: 25 })
  })

  test('after SIGKILL of the app alone, its orphaned PostgreSQL is cleared and every row is back', async () => {
    running = await startShop({ dataDir })
    const before = await snapshot(running)
    await writeMessages(25, 'orphan')
    const orphan = await embeddedServer(dataDir)

    await running.killApp()
    running = undefined
    expect(isRunning(orphan!.pid), 'PostgreSQL outlives the killed app').toBe(true)

    running = await startShop({ dataDir })
    expect(isRunning(orphan!.pid), 'the orphan was stopped').toBe(false)
    expect(await snapshot(running)).toEqual({ ...before, messages: before.messages! + 25 })
  })

  test('after SIGKILL of the app and its PostgreSQL while orders are placed, it comes back with every row and every confirmed order', async () => {
    running = await startShop({ dataDir })
    const before = await snapshot(running)
    await writeMessages(25, 'both')
    const server = await embeddedServer(dataDir)
    const url = running.url
    const customers: Customer[] = []
    for (let index = 0; index < 6; index += 1) {
      customers.push(await signUp(() => url, `crash-${index}`))
    }
    const items = await demoBasket(url)
    const checkout = { items, amount: await quote(customers[0]!, items) }

    const confirmed: string[] = [] // ids of orders answered 201 before the kill
    let killed = false
    let failed = false
    const orderUntilKilled = async (customer: Customer) => {
      while (!killed) {
        try {
          const paymentIntentId = await createPaymentIntent(customer, checkout)
          if (!paymentIntentId) continue // 503, busy: tries again
          const paid = await customer.call<{ status: string }>(
            'POST',
            `/api/demo-payments/${paymentIntentId}/confirm`,
            DEMO_CARD,
          )
          if (paid.status === 503) continue
          // authorised: the cut-off captures it
          expect(paid.body.status).toBe('requires_capture')
          const order = await postOrder(customer, paymentIntentId)
          if (order.status === 503) continue // not confirmed to the customer
          expect(order.status, JSON.stringify(order.body)).toBe(201)
          confirmed.push(order.body.id)
        } catch (error) {
          if (killed) return // cut short by the kill
          failed = true
          throw error
        }
      }
    }
    const placing = customers.map(orderUntilKilled)
    const kill = (async () => {
      while (confirmed.length < 10) {
        if (failed) return
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      killed = true
      // both at once: PostgreSQL (the postmaster and its backends) and the app
      killPostgres(server!.pid)
      await running?.killApp()
      running = undefined
    })()
    await Promise.all([...placing, kill])

    running = await startShop({ dataDir })
    expect(await snapshot(running)).toEqual({ ...before, messages: before.messages! + 25 })
    const client = await connectToEmbedded(dataDir)
    try {
      const { rows } = await client.query<{ id: string }>(
        'select id from orders where id = any($1::uuid[])',
        [confirmed],
      )
      expect(rows.map((row) => row.id).sort()).toEqual([...confirmed].sort())
      const query = async <Row>(text: string) => (await client.query(text)).rows as Row[]
      expect(await orderInconsistencies(query)).toEqual([])
    } finally {
      await client.end()
    }
  })
})

describe('starting up', () => {
  test('a bad environment value stops start-up with one line naming the variable', async () => {
    const shop = await startShop({ dataDir, env: { SEED_DEMO: 'maybe' }, waitForHealth: false })
    expect(await shop.exited).toBe(1)
    const lines = shop
      .output()
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('npm warn'))
    expect(lines).toEqual(['Configuration error: SEED_DEMO must be true or false'])
  })

  test('a port already taken stops start-up at once, naming it, with no PostgreSQL left behind', async () => {
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const address = taken.address()
    const port = address && typeof address === 'object' ? address.port : 0
    try {
      const shop = await startShop({ dataDir, env: { PORT: String(port) }, waitForHealth: false })
      const stillRunning = new Promise<string>((resolve) =>
        setTimeout(() => resolve('still running after 30 s'), 30_000).unref(),
      )
      const outcome = await Promise.race([shop.exited, stillRunning])
      if (outcome !== 1) await shop.killApp()
      expect(outcome, shop.output()).toBe(1)
      expect(shop.output()).toContain(`The shop could not start: listen EADDRINUSE`)
      expect(await embeddedServer(dataDir)).toBeUndefined()
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })

  test('SEED_DEMO=false opens an empty shop', async () => {
    const emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-process-empty-'))
    const shop = await startShop({ dataDir: emptyDir, env: { SEED_DEMO: 'false' } })
    try {
      expect(await getJson<unknown[]>(`${shop.url}/api/products`)).toEqual([])
      expect(await getJson<unknown[]>(`${shop.url}/api/producers`)).toEqual([])
    } finally {
      expect(await shop.stop()).toBe(0)
      await fs.rm(emptyDir, { recursive: true, force: true })
    }
  })
})
