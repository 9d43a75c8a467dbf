import type { Database } from '../../db/client.ts'
import type { SignedIn } from '../auth/index.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { QuoteBasket } from '../quote/index.ts'
import type { SavedCardsService } from '../saved-cards/index.ts'
import { createSubscriptionsRepo } from './subscriptions.repo.ts'
import { subscriptionsRoutes } from './subscriptions.routes.ts'
import { createSubscriptionsService } from './subscriptions.service.ts'

/** Subscriptions the customer runs themselves (docs/product.md#subscriptions). */
export function createSubscriptionsFeature({
  db,
  auth,
  cards,
  catalog,
  quote,
  now,
}: {
  db: Database
  auth: SignedIn
  cards: Pick<SavedCardsService, 'customerOfCard'>
  catalog: Pick<CatalogService, 'productsForOrder'>
  quote: QuoteBasket
  now: () => Date
}) {
  const service = createSubscriptionsService({
    repo: createSubscriptionsRepo(db),
    cards,
    catalog,
    quote,
    now,
  })
  return { service, routes: subscriptionsRoutes({ subscriptions: service, auth }) }
}

export type { SubscriptionsService } from './subscriptions.service.ts'
