import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { MIGRATIONS_FOLDER } from '../../db/migrate.ts'

export type Readiness = 'ready' | 'database-unreachable' | 'migrations-pending'

/** PostgreSQL's "undefined_table": drizzle's table does not exist before the first migration */
const UNDEFINED_TABLE = '42P01'

/**
 * Readiness for /readyz: the database answers and every migration in the folder's journal is
 * applied. The latter is checked as drizzle's migrator decides what is left to apply: the
 * newest `created_at` in its table against the journal's newest `when`. Once true it stays true
 * (migrations never go backwards while the process runs), so later checks cost one `select 1`.
 */
export function createHealthService({
  db,
  migrationsFolder = MIGRATIONS_FOLDER,
}: {
  db: Database
  migrationsFolder?: string
}) {
  let migrationsApplied = false

  async function newestMigrationInJournal(): Promise<number> {
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number }[] }
    return Math.max(0, ...journal.entries.map((entry) => entry.when))
  }

  async function newestMigrationApplied(): Promise<number> {
    try {
      const result = await db.execute<{ newest: string | null }>(
        sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
      )
      return Number(result.rows[0]?.newest ?? 0)
    } catch (error) {
      // drizzle wraps the driver's error: its code is on the cause
      const { code, cause } = error as { code?: string; cause?: { code?: string } }
      if ((cause?.code ?? code) === UNDEFINED_TABLE) return 0
      throw error
    }
  }

  return {
    async readiness(timeoutMs = 2_000): Promise<Readiness> {
      const answered = await withinTime(db.execute(sql`select 1`), timeoutMs)
      if (!answered) return 'database-unreachable'
      if (migrationsApplied) return 'ready'
      const newest = await withinTime(
        Promise.all([newestMigrationInJournal(), newestMigrationApplied()]),
        timeoutMs,
      )
      // it answered `select 1` a moment ago: a failure now is the connection, not the schema
      if (!newest) return 'database-unreachable'
      const [inJournal, applied] = newest
      migrationsApplied = applied >= inJournal
      return migrationsApplied ? 'ready' : 'migrations-pending'
    },
  }
}

/** undefined when `work` fails or has not finished within `timeoutMs` */
async function withinTime<T>(work: Promise<T>, timeoutMs: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs)
  })
  try {
    return await Promise.race([work.catch(() => undefined), timeout])
  } finally {
    clearTimeout(timer)
  }
}

export type HealthService = ReturnType<typeof createHealthService>
