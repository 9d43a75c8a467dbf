import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { coupons } from '../../db/schema/index.ts'

export type CouponRow = typeof coupons.$inferSelect

export function createCouponsRepo(db: Database) {
  return {
    /** codes are unique ignoring case (decisions §3) */
    async findByCode(code: string): Promise<CouponRow | undefined> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(sql`lower(${coupons.code}) = lower(${code})`)
        .limit(1)
      return row
    },
  }
}

export type CouponsRepo = ReturnType<typeof createCouponsRepo>
