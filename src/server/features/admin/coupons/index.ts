import type { AdminDeps } from '../index.ts'
import { createAdminCouponsRepo } from './admin-coupons.repo.ts'
import { createAdminCouponsService, type AdminCouponsService } from './admin-coupons.service.ts'

/** The coupons service built from the admin area's dependencies (routes never see the repo). */
export function adminCouponsServiceFor(deps: AdminDeps): AdminCouponsService {
  return createAdminCouponsService({ repo: createAdminCouponsRepo(deps.db) })
}
