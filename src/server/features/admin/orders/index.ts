import type { AdminDeps } from '../index.ts'
import { createAdminOrdersRepo } from './admin-orders.repo.ts'
import { createAdminOrdersService, type AdminOrdersService } from './admin-orders.service.ts'

/** The orders service built from the admin area's dependencies (routes never see the repo). */
export function adminOrdersServiceFor(deps: AdminDeps): AdminOrdersService {
  return createAdminOrdersService({
    repo: createAdminOrdersRepo(deps.db),
    log: deps.log,
  })
}
