import type { FastifyInstance } from 'fastify'
import { buildApp } from '#server/app.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'
import { testLogger } from './test-logger.ts'

export interface TestApp {
  readonly app: FastifyInstance
  readonly database: TestDatabase
  readonly catalog: FastifyInstance['catalog']
  close(): Promise<void>
}

/** The whole app on a database of its own, called through app.inject(). */
export async function createTestApp(options: { webRoot?: string } = {}): Promise<TestApp> {
  const database = await createTestDatabase()
  const app = await buildApp({
    config: { nodeEnv: 'test' },
    db: database.db,
    log: testLogger,
    webRoot: options.webRoot,
  })
  await app.ready()
  return {
    app,
    database,
    catalog: app.catalog,
    async close() {
      await app.close()
      await database.drop()
    },
  }
}
