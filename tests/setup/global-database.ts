import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { connectDatabase } from '#server/db/client.ts'
import { startEmbeddedPostgres } from '#server/db/embedded.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { seedDemoCatalogue } from '#server/db/seed/seed-demo-catalogue.ts'
import { testLogger } from './test-logger.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string
    templateDatabase: string
  }
}

/**
 * Once per run: a PostgreSQL server (the embedded one, or TEST_DATABASE_URL's), and one
 * template database, migrated and loaded with the demo catalogue. Each test file copies it
 * with CREATE DATABASE … TEMPLATE (tests/setup/test-database.ts), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL
  let cleanup = async () => {}
  if (!adminUrl) {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-test-postgres-'))
    const server = await startEmbeddedPostgres({ root, database: 'postgres', log: testLogger })
    adminUrl = server.connectionString
    cleanup = async () => {
      await server.stop()
      await fs.rm(root, { recursive: true, force: true })
    }
  }
  const templateDatabase = `hftd_template_${randomBytes(4).toString('hex')}`
  await adminQuery(adminUrl, `create database ${templateDatabase}`)
  const template = connectDatabase(withDatabase(adminUrl, templateDatabase), testLogger, { max: 2 })
  try {
    await migrateDatabase(template.pool)
    await seedDemoCatalogue(template.db, testLogger)
  } finally {
    await template.close()
  }

  project.provide('databaseAdminUrl', adminUrl)
  project.provide('templateDatabase', templateDatabase)

  return async () => {
    const leftovers = await adminQuery(
      adminUrl,
      `select datname from pg_database where datname like 'hftd_test_%' or datname = '${templateDatabase}'`,
    )
    for (const { datname } of leftovers.rows as { datname: string }[]) {
      await adminQuery(adminUrl, `drop database if exists "${datname}" with (force)`)
    }
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
