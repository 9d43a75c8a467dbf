import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { connectDatabase } from '#server/db/client.ts'
import { startEmbeddedPostgres, THROWAWAY_DATA_SETTINGS } from '#server/db/embedded.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { seedDemoCatalogue } from '#server/db/seed/seed-demo-catalogue.ts'
import { testLogger } from './test-logger.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string
    templateDatabase: string
    /** prefix of this run's databases, so runs sharing one server leave each other alone */
    databasePrefix: string
  }
}

/**
 * Once per run and project: a PostgreSQL server (the embedded one for `api`, TEST_DATABASE_URL's
 * for `api-machine`), and one
 * template database, migrated and loaded with the demo catalogue. Each test file copies it
 * with CREATE DATABASE … TEMPLATE (tests/setup/test-database.ts), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let adminUrl = project.name === 'api-machine' ? process.env.TEST_DATABASE_URL : undefined
  let cleanup = async () => {}
  if (!adminUrl) {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-test-postgres-'))
    const server = await startEmbeddedPostgres({
      root,
      database: 'postgres',
      log: testLogger,
      settings: THROWAWAY_DATA_SETTINGS,
    })
    adminUrl = server.connectionString
    cleanup = async () => {
      await server.stop()
      await fs.rm(root, { recursive: true, force: true })
    }
  }
  const prefix = `hftd_${randomBytes(4).toString('hex')}`
  const templateDatabase = `${prefix}_template`
  const dropRunDatabases = async () => {
    const leftovers = await adminQuery(
      adminUrl,
      `select datname from pg_database where datname like '${prefix}\\_%'`,
    )
    for (const { datname } of leftovers.rows as { datname: string }[]) {
      await adminQuery(adminUrl, `drop database if exists "${datname}" with (force)`)
    }
  }
  try {
    await adminQuery(adminUrl, `create database ${templateDatabase}`)
    const template = connectDatabase(withDatabase(adminUrl, templateDatabase), testLogger, {
      max: 2,
    })
    try {
      await migrateDatabase(template.pool)
      await seedDemoCatalogue(template.db, testLogger)
    } finally {
      await template.close()
    }
  } catch (error) {
    // vitest runs no teardown when setup fails: clean up here
    await dropRunDatabases().catch(() => undefined)
    await cleanup()
    throw error
  }

  project.provide('databaseAdminUrl', adminUrl)
  project.provide('templateDatabase', templateDatabase)
  project.provide('databasePrefix', prefix)

  return async () => {
    await dropRunDatabases()
    await cleanup()
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => undefined)
  await client.connect()
  try {
    return await client.query(text)
  } finally {
    await client.end()
  }
}
