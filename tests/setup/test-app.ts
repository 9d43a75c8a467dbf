import type { ServerRenderEntry } from '#server/plugins/server-rendering.ts'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { createDiskImageStorage } from '#server/adapters/storage/disk-storage.ts'
import type { ImageStorage } from '#server/adapters/storage/index.ts'
import type { MailMessage, Mailer } from '#server/adapters/mail/index.ts'
import { buildApp } from '#server/app.ts'
import type { Payments } from '#server/features/checkout/index.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'
import { testLogger } from './test-logger.ts'

export interface TestApp {
  readonly app: FastifyInstance
  readonly database: TestDatabase
  readonly catalog: FastifyInstance['catalog']
  /** what the app sent through the test mailer (when no other mailer was given) */
  readonly sentMail: MailMessage[]
  close(): Promise<void>
}

/** The shop's address in tests: the same-origin rule and the sitemap's links use it. */
export const TEST_PUBLIC_URL = 'http://localhost:3000'

/** What buildApp needs beyond config, database and logger, for tests that build it themselves. */
export const TEST_APP_EXTRAS = {
  sessionSecret: 'a test secret that is long enough to sign cookies',
  mailer: { send: () => Promise.resolve() } satisfies Mailer,
  passwordCost: 10,
  /** files are written only when a test uploads; createTestApp gives each app its own directory */
  storage: createDiskImageStorage({
    directory: path.join(os.tmpdir(), `houston-test-uploads-${process.pid}`),
  }) satisfies ImageStorage,
}

/**
 * The whole app on a database of its own, called through app.inject(). Given `database` (another
 * test app's), it is a second process on that database, as behind a load balancer: closing it
 * leaves the database to its owner.
 */
export async function createTestApp(
  options: {
    database?: TestDatabase
    webRoot?: string
    /** the web app's server entry (public pages rendered on the server); only with webRoot */
    serverRender?: ServerRenderEntry
    publicUrl?: string
    now?: () => Date
    mailer?: Mailer
    nodeEnv?: 'test' | 'production'
    payments?: Payments
    storage?: ImageStorage
    metricsToken?: string
    log?: FastifyBaseLogger
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase())
  // the disk image storage in a directory of this app's own, removed on close
  const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'houston-test-uploads-'))
  const sentMail: MailMessage[] = []
  const app = await buildApp({
    config: { nodeEnv: options.nodeEnv ?? 'test', publicUrl: options.publicUrl ?? TEST_PUBLIC_URL },
    db: database.db,
    sessionSecret: TEST_APP_EXTRAS.sessionSecret,
    mailer: options.mailer ?? {
      send: (message) => {
        sentMail.push(message)
        return Promise.resolve()
      },
    },
    // scrypt at 2^10 instead of 2^17: the same code, a hundredth of the work (passwords.test.ts
    // checks the real cost)
    passwordCost: TEST_APP_EXTRAS.passwordCost,
    log: options.log ?? testLogger,
    webRoot: options.webRoot,
    serverRender: options.serverRender,
    metricsToken: options.metricsToken,
    ...(options.now ? { now: options.now } : {}),
    payments: options.payments,
    storage: options.storage ?? createDiskImageStorage({ directory: uploadsDir }),
  })
  await app.ready()
  return {
    app,
    database,
    catalog: app.catalog,
    sentMail,
    async close() {
      await app.close()
      if (!options.database) await database.drop()
      await fs.rm(uploadsDir, { recursive: true, force: true })
    },
  }
}
