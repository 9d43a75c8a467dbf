import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'

export function createHealthService({ db }: { db: Database }) {
  return {
    /** true when the database answers within the time limit */
    async databaseReachable(timeoutMs = 2_000): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs)
      })
      const query = db.execute(sql`select 1`).then(
        () => true,
        () => false,
      )
      try {
        return await Promise.race([query, timeout])
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

export type HealthService = ReturnType<typeof createHealthService>
