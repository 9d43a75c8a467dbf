import type { Database } from '../../db/client.ts'
import { createAdminMessagesRepo } from './admin-messages.repo.ts'
import { adminMessagesRoutes } from './admin-messages.routes.ts'
import { createAdminMessagesService } from './admin-messages.service.ts'
import { createMarketingRepo } from './marketing.repo.ts'
import { marketingRoutes } from './marketing.routes.ts'
import { createMarketingService } from './marketing.service.ts'

/** The visitor forms, and the admin's inbox and mailing lists built from what they collect. */
export function createMarketingFeature({ db, now }: { db: Database; now: () => Date }) {
  const service = createMarketingService({ repo: createMarketingRepo(db) })
  return {
    service,
    routes: marketingRoutes(service),
    adminRoutes: adminMessagesRoutes(
      createAdminMessagesService({ repo: createAdminMessagesRepo(db), now }),
    ),
  }
}
