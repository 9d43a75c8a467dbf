import { loadServerRenderEntry } from './plugins/server-rendering.ts'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import { createMailer } from './adapters/mail/index.ts'
import { createStripeProvider } from './adapters/payments/index.ts'
import { createImageStorage } from './adapters/storage/index.ts'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config/env.ts'
import { connectDatabase, type DatabaseHandle } from './db/client.ts'
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts'
import { migrateDatabase } from './db/migrate.ts'
import { seedDemoCatalogue } from './db/seed/seed-demo-catalogue.ts'
import { createLogger, type Logger } from './logger.ts'
import { controllableClock } from './clock.ts'
import { startJobRunner, type JobRunner } from './jobs/job-queue.ts'

/**
 * The composition root: configuration, database (embedded or DATABASE_URL), migrations, demo
 * catalogue, then the app, then listen. On SIGTERM/SIGINT, at any point, it lets start-up settle,
 * stops accepting, lets requests in flight finish, closes the pool and only then stops the
 * embedded PostgreSQL.
 */

/** dist/web: beside the bundle (dist/server/main.mjs), or from the source tree under tsx */
const WEB_ROOT = fileURLToPath(
  new URL(import.meta.url.endsWith('.mjs') ? '../web' : '../../dist/web', import.meta.url),
)
/** dist/ssr: the web app's server entry (public pages rendered on the server) */
const SERVER_RENDER_ENTRY = fileURLToPath(
  new URL(
    import.meta.url.endsWith('.mjs')
      ? '../ssr/entry-server.mjs'
      : '../../dist/ssr/entry-server.mjs',
    import.meta.url,
  ),
)
const FORCED_EXIT_AFTER_MS = 20_000
/** how long open connections get to finish their request and close before the server closes */
const DRAIN_MS = 1_000

interface Resources {
  embedded?: EmbeddedPostgres
  database?: DatabaseHandle
  app?: FastifyInstance
  jobs?: JobRunner
}

function readConfig(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

const config = readConfig()
const log = createLogger(config.logLevel)
const resources: Resources = {}
let stopping = false

const startup = start().catch(async (error: unknown) => {
  if (stopping) return // the shutdown in progress ends the process
  log.fatal({ err: error }, 'the shop could not start')
  console.error(
    `The shop could not start: ${error instanceof Error ? error.message : String(error)}`,
  )
  setTimeout(() => forceExit(), FORCED_EXIT_AFTER_MS).unref()
  // the job runner holds pool clients (its LISTEN connection among them): closing the pool
  // waits for them, so the runner stops first, then the app, then the pool and PostgreSQL
  await stopJobsAndApp(resources)
  await release(resources, log)
  process.exit(1)
})

process.on('SIGTERM', (signal) => void shutdown(signal))
process.on('SIGINT', (signal) => void shutdown(signal))

async function start() {
  await fs.mkdir(config.dataDir, { recursive: true })
  let databaseUrl = config.databaseUrl
  if (!databaseUrl) {
    resources.embedded = await startEmbeddedPostgres({
      root: path.join(config.dataDir, 'postgres'),
      database: 'shop',
      log,
    })
    databaseUrl = resources.embedded.connectionString
  }
  if (stopping) return
  resources.database = connectDatabase(databaseUrl, log)
  await migrateDatabase(resources.database.pool)
  if (config.seedDemo && !stopping) await seedDemoCatalogue(resources.database.db, log)
  if (stopping) return

  const webRoot = (await exists(path.join(WEB_ROOT, 'index.html'))) ? WEB_ROOT : undefined
  if (!webRoot) log.warn('no built web app in dist/web: serving the API only (run npm run build)')
  resources.app = await buildApp({
    config,
    db: resources.database.db,
    log,
    webRoot,
    serverRender: webRoot ? await loadServerRenderEntry(SERVER_RENDER_ENTRY) : undefined,
    sessionSecret: config.sessionSecret ?? (await localSessionSecret(config.dataDir)),
    payments: config.stripe
      ? { kind: 'stripe', provider: createStripeProvider(config.stripe) }
      : undefined,
    mailer: createMailer({
      smtpUrl: config.smtp?.url,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log,
    }),
    storage: createImageStorage({ s3: config.s3, dataDir: config.dataDir }),
    metricsToken: config.metricsToken,
    clockControl: config.testClockControl ? controllableClock() : undefined,
  })
  if (config.stripe?.api) {
    const { protocol, host, port } = config.stripe.api
    log.warn(`STRIPE_API_URL is set: payments go to ${protocol}://${host}:${port}, not to Stripe`)
  }
  if (config.admin) await resources.app.auth.ensureAdmin(config.admin)
  purgeExpiredRowsPeriodically(resources.app, log)
  if (stopping) return
  // this process's share of the job queue: the cut-off, payment operations, e-mails
  resources.jobs = await startJobRunner({
    pool: resources.database.pool,
    handlers: resources.app.jobs.handlers,
    crontab: resources.app.jobs.crontab,
    log,
  })
  // a shop that was down over a cut-off captures now rather than at the next minute's tick
  const app = resources.app
  void app.jobs
    .tick()
    .catch((error: unknown) => log.error({ err: error }, 'the start-up tick failed'))
  if (stopping) return
  await resources.app.listen({ port: config.port, host: config.host })
  log.info(`Houston Farm to Door is open at ${config.publicUrl}`)
}

async function shutdown(signal: NodeJS.Signals) {
  if (stopping) {
    log.warn({ signal }, 'second signal: exiting now')
    forceExit()
  }
  stopping = true
  log.info({ signal }, 'shutting down: finishing requests in flight')
  setTimeout(() => {
    log.error(`shutdown took longer than ${FORCED_EXIT_AFTER_MS / 1000} s; exiting`)
    forceExit()
  }, FORCED_EXIT_AFTER_MS).unref()
  try {
    await startup // a half-started shop is stopped only once its start-up step settles
    if (resources.app?.server.listening) {
      resources.app.startDraining()
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS))
    }
    await stopJobsAndApp(resources)
    await release(resources, log)
    process.exit(0)
  } catch (error) {
    log.error({ err: error }, 'shutdown failed')
    forceExit()
  }
}

/** Exit now, but never leave the embedded PostgreSQL running behind us. */
function forceExit(): never {
  if (resources.embedded) {
    try {
      process.kill(resources.embedded.pid, 'SIGINT')
    } catch {
      // already gone
    }
  }
  process.exit(1)
}

/** Jobs in progress finish (or are taken again by another process once their lock expires). */
async function stopJobsAndApp(held: Resources) {
  const { jobs, app } = held
  held.jobs = undefined
  held.app = undefined
  await jobs
    ?.stop()
    .catch((error: unknown) => log.warn({ err: error }, 'stopping the job runner failed'))
  await app?.close().catch((error: unknown) => log.warn({ err: error }, 'closing the app failed'))
}

async function release(held: Resources, logger: Logger) {
  const { database, embedded } = held
  held.database = undefined
  held.embedded = undefined
  await database
    ?.close()
    .catch((error: unknown) => logger.warn({ err: error }, 'closing the pool failed'))
  await embedded
    ?.stop()
    .catch((error: unknown) => logger.warn({ err: error }, 'stopping PostgreSQL failed'))
}

function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  )
}

/** Without SESSION_SECRET (outside production), one is generated once and kept in DATA_DIR. */
async function localSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'session-secret')
  try {
    const kept = (await fs.readFile(file, 'utf8')).trim()
    if (kept.length >= 32) return kept
  } catch {
    // first start
  }
  const secret = randomBytes(48).toString('base64url')
  await fs.writeFile(file, secret, { mode: 0o600 })
  return secret
}

/**
 * Expired sessions are refused on every request, and ended rate-limit windows count for
 * nothing: this only keeps both tables small.
 */
function purgeExpiredRowsPeriodically(app: FastifyInstance, logger: Logger) {
  const purge = () =>
    Promise.all([
      app.sessions
        .purgeExpired()
        .then((count) => count > 0 && logger.info({ count }, 'expired sessions removed'))
        .catch((error: unknown) => logger.warn({ err: error }, 'purging expired sessions failed')),
      app.rateLimits
        .purgeExpired()
        .then((count) => count > 0 && logger.info({ count }, 'ended rate-limit windows removed'))
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'purging ended rate-limit windows failed'),
        ),
    ])
  void purge()
  setInterval(() => void purge(), 15 * 60_000).unref()
}
