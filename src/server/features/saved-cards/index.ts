import type { PaymentProvider } from '../../adapters/payments/index.ts'
import type { Database } from '../../db/client.ts'
import type { SignedIn } from '../auth/index.ts'
import { createSavedCardsRepo } from './saved-cards.repo.ts'
import { savedCardsRoutes } from './saved-cards.routes.ts'
import { createSavedCardsService } from './saved-cards.service.ts'

export function createSavedCardsFeature({
  db,
  provider,
  auth,
}: {
  db: Database
  provider: PaymentProvider
  auth: SignedIn
}) {
  const service = createSavedCardsService({ repo: createSavedCardsRepo(db), provider })
  return { service, routes: savedCardsRoutes({ cards: service, auth }) }
}

export type { SavedCardsService } from './saved-cards.service.ts'
