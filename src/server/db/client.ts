import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Logger } from '../logger.ts'
import * as schema from './schema/index.ts'

/** $client is the pool, for what Drizzle does not do (LISTEN/NOTIFY, see change-feed.ts) */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool }

export interface DatabaseHandle {
  readonly db: Database
  readonly pool: pg.Pool
  close(): Promise<void>
}

export function connectDatabase(
  connectionString: string,
  log: Logger,
  options: { max?: number; queryTimeoutMs?: number } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: 'houston-farm-to-door',
    // no query may hold a connection (and its request) for more than this
    statement_timeout: 15_000,
    // ...and when the server cannot even enforce that (frozen, or the network between us gone
    // silent), the client gives up a little later: an error (503), never a hang
    query_timeout: options.queryTimeoutMs ?? 20_000,
    // a peer that vanished without closing is noticed by TCP keepalive, not in hours
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  })
  // An idle client whose server went away (restart, shutdown) emits 'error' on the pool;
  // unhandled, it would crash the process.
  pool.on('error', (error) => log.warn({ err: error }, 'an idle database connection was closed'))
  // A connection lost while checked out emits 'error' on its client too; pg raises it to the
  // query that uses it next, so the event only needs a listener.
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      log.warn({ err: error }, 'a database connection in use was closed'),
    )
  })
  const db = drizzle(pool, { schema })
  return { db, pool, close: () => pool.end() }
}
