import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#server/db/embedded.ts'
import { testLogger } from '#tests/setup/test-logger.ts'

/**
 * The two PostgreSQL servers the fault tests run on: an embedded one the test owns (and may stop
 * and start), and the machine's server in TEST_DATABASE_URL (as CI sets it), which a test must
 * never restart: it gets a fresh database there, dropped afterwards.
 */

export const machineServerUrl = process.env.TEST_DATABASE_URL

export interface TestDatabase {
  readonly url: string
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>
  drop(): Promise<void>
}

/**
 * An embedded PostgreSQL of the test's own under `root` (a temporary directory), on a free port or
 * on `port` (the same server started again where its clients expect it).
 */
export function ownEmbeddedServer(root: string, port?: number): Promise<EmbeddedPostgres> {
  return startEmbeddedPostgres({
    root,
    database: 'shop',
    log: testLogger,
    ...(port === undefined ? {} : { port }),
  })
}

/** removes the cluster, also where it was kept when the postgres user could not reach root */
export async function removeEmbeddedCluster(root: string, server: EmbeddedPostgres) {
  await fs.rm(server.root, { recursive: true, force: true })
  await fs.rm(root, { recursive: true, force: true })
}

export async function embeddedDatabase(): Promise<TestDatabase & { server: EmbeddedPostgres }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-faults-db-'))
  const server = await ownEmbeddedServer(root)
  return {
    server,
    url: server.connectionString,
    query: (text, values) => queryOnce(server.connectionString, text, values),
    async drop() {
      await server.stop()
      await removeEmbeddedCluster(root, server)
    },
  }
}

/** A fresh database on the machine's server; the server itself is never touched. */
export async function machineDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `hftd_faults_${randomBytes(6).toString('hex')}`
  await queryOnce(serverUrl, `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    query: (text, values) => queryOnce(url.toString(), text, values),
    // force: a killed app's connections may linger until the server notices them
    drop: () => queryOnce(serverUrl, `drop database if exists ${name} with (force)`).then(() => {}),
  }
}

export async function queryOnce<Row extends pg.QueryResultRow>(
  connectionString: string,
  text: string,
  values?: unknown[],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString })
  client.on('error', () => undefined)
  await client.connect()
  try {
    return (await client.query<Row>(text, values)).rows
  } finally {
    await client.end()
  }
}
