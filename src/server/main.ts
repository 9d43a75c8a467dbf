import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config/env.ts'
import { connectDatabase, type DatabaseHandle } from './db/client.ts'
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts'
import { migrateDatabase } from './db/migrate.ts'
import { seedDemoCatalogue } from './db/seed/seed-demo-catalogue.ts'
import { createLogger, type Logger } from './logger.ts'

/**
 * The composition root: configuration, database (embedded or DATABASE_URL), migrations, demo
 * catalogue, then the app, then listen. On SIGTERM/SIGINT it stops accepting, lets in-flight
 * requests finish, closes the pool and only then stops the embedded PostgreSQL.
 */

/** dist/web beside this bundle (dist/server/main.mjs) */
const WEB_ROOT = fileURLToPath(new URL('../web', import.meta.url))

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const log = createLogger(config.logLevel)
  const resources: { embedded?: EmbeddedPostgres; database?: DatabaseHandle } = {}

  try {
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
    resources.database = connectDatabase(databaseUrl, log)
    await migrateDatabase(resources.database.pool)
    if (config.seedDemo) await seedDemoCatalogue(resources.database.db, log)

    const webRoot = (await exists(path.join(WEB_ROOT, 'index.html'))) ? WEB_ROOT : undefined
    if (!webRoot) log.warn('no built web app in dist/web: serving the API only (run npm run build)')
    const app = await buildApp({ config, db: resources.database.db, log, webRoot })
    await app.listen({ port: config.port, host: config.host })
    log.info(`Houston Farm to Door is open at ${config.publicUrl}`)

    let stopping = false
    const shutdown = (signal: NodeJS.Signals) => {
      if (stopping) {
        log.warn({ signal }, 'second signal: exiting now')
        process.exit(1)
      }
      stopping = true
      log.info({ signal }, 'shutting down: finishing requests in flight')
      const force = setTimeout(() => {
        log.error('shutdown took longer than 20 s; exiting')
        process.exit(1)
      }, 20_000)
      force.unref()
      void app
        .close()
        .then(() => release(resources, log))
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          log.error({ err: error }, 'shutdown failed')
          process.exit(1)
        })
    }
    process.on('SIGTERM', shutdown)
    process.on('SIGINT', shutdown)
  } catch (error) {
    log.fatal({ err: error }, 'the shop could not start')
    console.error(
      `The shop could not start: ${error instanceof Error ? error.message : String(error)}`,
    )
    await release(resources, log)
    process.exit(1)
  }
}

async function release(
  resources: { embedded?: EmbeddedPostgres; database?: DatabaseHandle },
  log: Logger,
) {
  await resources.database
    ?.close()
    .catch((error: unknown) => log.warn({ err: error }, 'closing the pool failed'))
  await resources.embedded
    ?.stop()
    .catch((error: unknown) => log.warn({ err: error }, 'stopping PostgreSQL failed'))
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  )

await main()
