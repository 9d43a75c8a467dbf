import type { Database } from '../../db/client.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { AuthService } from '../auth/index.ts'
import type { OutboxService } from '../outbox/index.ts'
import { createStaffRepo } from './staff.repo.ts'
import { adminStaffRoutes, invitationRoutes } from './staff.routes.ts'
import { createStaffService, type StaffRoles } from './staff.service.ts'

/** The shop's staff: admins and drivers, and the invitations that make them (docs/product.md#staff). */
export function createStaffFeature(deps: {
  db: Database
  transaction: RunInTransaction
  outbox: Pick<OutboxService, 'enqueueWithin'>
  auth: Pick<AuthService, 'signedIn' | 'register'>
  roles: StaffRoles
  publicUrl: string
  now: () => Date
}) {
  const service = createStaffService({
    repo: createStaffRepo(deps.db),
    transaction: deps.transaction,
    outbox: deps.outbox,
    auth: deps.auth,
    roles: deps.roles,
    publicUrl: deps.publicUrl,
    now: deps.now,
  })
  return { service, routes: invitationRoutes(service), adminRoutes: adminStaffRoutes(service) }
}

export type { StaffService } from './staff.service.ts'
