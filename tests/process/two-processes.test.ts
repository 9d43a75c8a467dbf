import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#server/db/embedded.ts'
import { DEMO_PRODUCTS } from '#server/db/seed/demo-products.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { getJson, startShop } from './shop-process.ts'

/** Scale-out: app processes share one PostgreSQL (DATABASE_URL) and start in any order. */
let server: EmbeddedPostgres
let root: string

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-shared-db-'))
  server = await startEmbeddedPostgres({ root, database: 'shop', log: testLogger })
})
afterAll(async () => {
  await server.stop()
  await fs.rm(root, { recursive: true, force: true })
})

test('two processes starting together on one empty database migrate and seed it once', async () => {
  const dataDirs = await Promise.all(
    [0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'hftd-app-'))),
  )
  const started = await Promise.allSettled(
    dataDirs.map((dataDir) =>
      startShop({ dataDir, env: { DATABASE_URL: server.connectionString } }),
    ),
  )
  const shops = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  try {
    expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled'])
    const [first, second] = await Promise.all(
      shops.map((shop) => getJson<{ id: string }[]>(`${shop.url}/api/products`)),
    )
    expect(first!.length).toBe(DEMO_PRODUCTS.length)
    expect(second!.map((p) => p.id).sort()).toEqual(first!.map((p) => p.id).sort())
    const client = new pg.Client(server.connectionString)
    await client.connect()
    try {
      const { rows } = await client.query<{ producers: number; migrations: number }>(
        'select (select count(*)::int from producers) as producers, (select count(*)::int from drizzle.__drizzle_migrations) as migrations',
      )
      const journal = JSON.parse(
        await fs.readFile('src/server/db/migrations/meta/_journal.json', 'utf8'),
      ) as { entries: unknown[] }
      expect(rows[0]).toEqual({ producers: 14, migrations: journal.entries.length })
    } finally {
      await client.end()
    }
    // with DATABASE_URL set, no embedded server is created in the app's own data directory
    for (const dataDir of dataDirs)
      await expect(fs.access(path.join(dataDir, 'postgres'))).rejects.toThrow()
  } finally {
    for (const shop of shops) expect(await shop.stop()).toBe(0)
    for (const dataDir of dataDirs) await fs.rm(dataDir, { recursive: true, force: true })
  }
})

test("an admin's product change on one process shows on the other's cached pages at once", async () => {
  const admin = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner password 1' }
  const env = {
    DATABASE_URL: server.connectionString,
    SESSION_SECRET: 'one secret for both processes, long enough',
    ...admin,
  }
  const dataDirs = await Promise.all(
    [0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'hftd-app-'))),
  )
  const shops = []
  try {
    for (const dataDir of dataDirs) shops.push(await startShop({ dataDir, env }))
    const [a, b] = shops as [(typeof shops)[0], (typeof shops)[0]]
    type Product = { id: string; price: string }
    const [product] = await getJson<Product[]>(`${b.url}/api/products`)
    if (!product) throw new Error('no products')
    // B has the list and the product's page cached
    expect((await getJson<Product>(`${b.url}/api/products/${product.id}`)).price).toBe(
      product.price,
    )

    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? ''
    const price = (Number(product.price) + 1).toFixed(2)
    const changed = await fetch(`${a.url}/api/admin/products/${product.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ price }),
    })
    expect(changed.status).toBe(200)

    await expect
      .poll(async () => (await getJson<Product>(`${b.url}/api/products/${product.id}`)).price, {
        timeout: 5_000,
      })
      .toBe(price)
    const list = await getJson<Product[]>(`${b.url}/api/products`)
    expect(list.find((p) => p.id === product.id)?.price).toBe(price)
  } finally {
    for (const shop of shops) expect(await shop.stop()).toBe(0)
    for (const dataDir of dataDirs) await fs.rm(dataDir, { recursive: true, force: true })
  }
})
