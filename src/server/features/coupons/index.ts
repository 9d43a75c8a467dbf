import type { Database } from '../../db/client.ts'
import { createAdminCouponsRepo } from './admin-coupons.repo.ts'
import { adminCouponsRoutes } from './admin-coupons.routes.ts'
import { createAdminCouponsService } from './admin-coupons.service.ts'
import { createCouponsRepo } from './coupons.repo.ts'
import { couponsRoutes } from './coupons.routes.ts'
import { createCouponsService } from './coupons.service.ts'

export function createCouponsFeature({
  db,
  now,
}: {
  db: Database
  now?: (() => Date) | undefined
}) {
  const service = createCouponsService({ repo: createCouponsRepo(db), ...(now ? { now } : {}) })
  return {
    service,
    routes: couponsRoutes(service),
    adminRoutes: adminCouponsRoutes(
      createAdminCouponsService({ repo: createAdminCouponsRepo(db) }),
    ),
  }
}

export type { AppliedCoupon, CouponsService } from './coupons.service.ts'
