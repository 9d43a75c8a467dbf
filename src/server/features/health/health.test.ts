import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { connectDatabase } from '#server/db/client.ts'
import {
  createTestApp,
  TEST_APP_EXTRAS,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#tests/setup/test-app.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import type { Database } from '../../db/client.ts'

let shop: TestApp
beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop.close())

/** the API alone on `db`, for databases createTestApp does not make */
async function appOn(db: Database) {
  const app = await buildApp({
    config: { nodeEnv: 'test', publicUrl: TEST_PUBLIC_URL },
    db,
    log: testLogger,
    ...TEST_APP_EXTRAS,
  })
  await app.ready()
  return app
}

describe('GET /healthz (liveness)', () => {
  test('is ok, and never cached', async () => {
    const response = await shop.app.inject({ url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  test('is ok while the database is unreachable: the process itself is up', async () => {
    // port 9 (discard) on loopback: nothing listens, so every connection is refused
    const unreachable = connectDatabase('postgres://nobody:nothing@127.0.0.1:9/none', testLogger)
    const app = await appOn(unreachable.db)
    try {
      const response = await app.inject({ url: '/healthz' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ status: 'ok' })
    } finally {
      await app.close()
      await unreachable.close()
    }
  })
})

describe('GET /readyz (readiness)', () => {
  test('is ok when the database answers and every migration is applied', async () => {
    const response = await shop.app.inject({ url: '/readyz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  test('503 with a clear message when the database is unreachable', async () => {
    const unreachable = connectDatabase('postgres://nobody:nothing@127.0.0.1:9/none', testLogger)
    const app = await appOn(unreachable.db)
    try {
      const response = await app.inject({ url: '/readyz' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ message: 'The database is not reachable.' })
      expect(response.headers['cache-control']).toBe('no-store')
    } finally {
      await app.close()
      await unreachable.close()
    }
  })

  describe('when migrations are not applied', () => {
    let empty: TestDatabase
    let behind: TestDatabase
    beforeAll(async () => {
      empty = await createTestDatabase({ fromTemplate: false })
      behind = await createTestDatabase()
    })
    afterAll(async () => {
      await empty.drop()
      await behind.drop()
    })

    test('503 on a database that was never migrated', async () => {
      const app = await appOn(empty.db)
      try {
        const response = await app.inject({ url: '/readyz' })
        expect(response.statusCode).toBe(503)
        expect(response.json()).toEqual({ message: 'Database migrations are not applied.' })
      } finally {
        await app.close()
      }
    })

    test('503 while the newest migration is missing, 200 once it is applied', async () => {
      const newest = await behind.db.execute<{ id: number; created_at: string; hash: string }>(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
            returning id, created_at::text, hash`,
      )
      const removed = newest.rows[0]
      expect(removed).toBeDefined()
      const app = await appOn(behind.db)
      try {
        const before = await app.inject({ url: '/readyz' })
        expect(before.statusCode).toBe(503)
        expect(before.json()).toEqual({ message: 'Database migrations are not applied.' })

        await behind.db.execute(
          sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
              values (${removed?.id}, ${removed?.hash}, ${removed?.created_at})`,
        )
        const after = await app.inject({ url: '/readyz' })
        expect(after.statusCode).toBe(200)
        expect(after.json()).toEqual({ status: 'ok' })
      } finally {
        await app.close()
      }
    })
  })
})
