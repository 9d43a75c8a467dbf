import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type pg from 'pg'
import { migrateJobQueue } from '../jobs/job-queue.ts'

/** Any fixed number, shared by every app process: the lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 4_242_001

/**
 * Next to this file in the source tree, and next to the bundle in dist/server (the build copies
 * the folder there).
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Applies drizzle-kit's committed migrations. Two processes starting together both wait on
 * one advisory lock, so only the first migrates and the second finds nothing left to do.
 */
export async function migrateDatabase(pool: pg.Pool, migrationsFolder = MIGRATIONS_FOLDER) {
  const client = await pool.connect()
  let failure: Error | undefined
  try {
    // waiting for another process's migration, or a long migration, is not a hung query
    await client.query('set statement_timeout = 0')
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migrate(drizzle(client), { migrationsFolder })
      // the job queue's own schema (graphile_worker), versioned by graphile-worker itself
      await migrateJobQueue(pool)
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } catch (error) {
    failure = error as Error
    throw error
  } finally {
    // a connection that failed mid-way is discarded, not handed to the next request
    client.release(failure)
  }
}
