import { asc, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { coupons } from '../../db/schema/coupons.ts'

export type CouponRow = typeof coupons.$inferSelect
export type NewCoupon = typeof coupons.$inferInsert
export type CouponChanges = Partial<
  Pick<NewCoupon, 'active' | 'minSubtotal' | 'maxRedemptions' | 'startsAt' | 'endsAt'>
>

export function createAdminCouponsRepo(db: Database) {
  return {
    /** newest first; coupons made together (the seed) by code */
    list(): Promise<CouponRow[]> {
      return db.select().from(coupons).orderBy(desc(coupons.createdAt), asc(coupons.code))
    },

    async findById(id: string): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1)
      return row
    },

    async insert(values: NewCoupon): Promise<CouponRow> {
      const [row] = await db.insert(coupons).values(values).returning()
      if (!row) throw new Error('insert into coupons returned no row')
      return row
    },

    /** the coupon as changed, or undefined when there is no coupon with this id */
    async update(id: string, changes: CouponChanges): Promise<CouponRow | undefined> {
      const [row] = await db.update(coupons).set(changes).where(eq(coupons.id, id)).returning()
      return row
    },
  }
}

export type AdminCouponsRepo = ReturnType<typeof createAdminCouponsRepo>
