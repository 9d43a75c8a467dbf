import type { AdminDeps } from '../index.ts'
import { createAdminMessagesRepo } from './admin-messages.repo.ts'
import { createAdminMessagesService, type AdminMessagesService } from './admin-messages.service.ts'

/** The messages service built from the admin area's dependencies (routes never see the repo). */
export function adminMessagesServiceFor(deps: AdminDeps): AdminMessagesService {
  return createAdminMessagesService({ repo: createAdminMessagesRepo(deps.db), now: deps.now })
}
