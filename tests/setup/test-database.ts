import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { adminQuery, withDatabase } from './global-database.ts'
import { testLogger } from './test-logger.ts'

export interface TestDatabase extends DatabaseHandle {
  readonly name: string
  readonly url: string
  /** close the pool and drop the database */
  drop(): Promise<void>
}

/**
 * A database of the test file's own: a copy of the migrated template with the demo catalogue,
 * or (fromTemplate: false) an empty database with nothing in it.
 */
export async function createTestDatabase(
  options: { fromTemplate?: boolean } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('databaseAdminUrl')
  const name = `${inject('databasePrefix')}_test_${randomBytes(6).toString('hex')}`
  const template = options.fromTemplate === false ? 'template0' : inject('templateDatabase')
  await adminQuery(adminUrl, `create database ${name} template ${template}`)
  const url = withDatabase(adminUrl, name)
  const handle = connectDatabase(url, testLogger, { max: 5 })
  return {
    ...handle,
    name,
    url,
    async drop() {
      await handle.close()
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
    },
  }
}
