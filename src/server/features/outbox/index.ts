import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from '../../adapters/mail/index.ts'
import type { Database } from '../../db/client.ts'
import { transactionRunner } from '../../db/transaction.ts'
import { adminOutboxRoutes } from './admin-outbox.routes.ts'
import { createOutboxRepo } from './outbox.repo.ts'
import { createOutboxService } from './outbox.service.ts'

/**
 * The durable e-mail outbox (docs/product.md#order-emails): `service.enqueueWithin(tx, …)` in
 * the transaction of a change, `handlers` for the job runner, `adminRoutes` for the failed ones.
 */
export function createOutboxFeature(deps: {
  db: Database
  mailer: Mailer
  now: () => Date
  log: FastifyBaseLogger
}) {
  const service = createOutboxService({
    repo: createOutboxRepo(deps.db),
    transaction: transactionRunner(deps.db),
    mailer: deps.mailer,
    now: deps.now,
    log: deps.log,
  })
  return { service, handlers: service.handlers, adminRoutes: adminOutboxRoutes(service) }
}

export type OutboxFeature = ReturnType<typeof createOutboxFeature>
export type { OutboxEnqueue, OutboxService } from './outbox.service.ts'
export {
  SEND_EMAIL_MAX_ATTEMPTS,
  SEND_EMAIL_TASK,
  describeSendError,
  messageIdOf,
} from './outbox.service.ts'
