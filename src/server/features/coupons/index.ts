import type { Database } from '../../db/client.ts'
import { createCouponsRepo } from './coupons.repo.ts'
import { couponsRoutes } from './coupons.routes.ts'
import { createCouponsService } from './coupons.service.ts'

export function createCouponsFeature({ db, now }: { db: Database; now?: () => Date }) {
  const service = createCouponsService({ repo: createCouponsRepo(db), ...(now ? { now } : {}) })
  return { service, routes: couponsRoutes(service) }
}
