import type { Database } from '../../db/client.ts'
import type { Roles, SignedIn } from '../auth/index.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { QuoteBasket } from '../quote/index.ts'
import type { SavedCardsService } from '../saved-cards/index.ts'
import { createNeverList } from './never-list.ts'
import { createNeverListRepo } from './never-list.repo.ts'
import { adminSubscriptionsRoutes } from './admin-subscriptions.routes.ts'
import { createSubscriptionsRepo } from './subscriptions.repo.ts'
import { subscriptionsRoutes } from './subscriptions.routes.ts'
import { createSubscriptionsService } from './subscriptions.service.ts'

/**
 * Subscriptions the customer runs themselves (docs/product.md#subscriptions), and the never-list
 * their boxes are filled around (docs/product.md#never-list).
 */
export function createSubscriptionsFeature({
  db,
  auth,
  cards,
  catalog,
  customers,
  quote,
  now,
}: {
  db: Database
  auth: SignedIn
  cards: Pick<SavedCardsService, 'customerOfCard'>
  catalog: Pick<CatalogService, 'productsForOrder'>
  /** the customers' names and addresses, for the admin's list */
  customers: Pick<Roles, 'accountsOf'>
  quote: QuoteBasket
  now: () => Date
}) {
  const service = createSubscriptionsService({
    repo: createSubscriptionsRepo(db),
    cards,
    catalog,
    customers,
    quote,
    now,
  })
  const neverList = createNeverList({ repo: createNeverListRepo(db), catalog })
  return {
    service,
    routes: subscriptionsRoutes({ subscriptions: service, neverList, auth }),
    adminRoutes: adminSubscriptionsRoutes({ subscriptions: service }),
  }
}

export type { SubscriptionsService } from './subscriptions.service.ts'
