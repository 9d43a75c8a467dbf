import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from '../../adapters/mail/index.ts'
import type { DemoProvider, PaymentProvider } from '../../adapters/payments/index.ts'
import type { Database } from '../../db/client.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { RateLimitsService } from '../rate-limits/index.ts'
import { createCouponsRepo } from '../coupons/coupons.repo.ts'
import { createCheckoutRepo } from './checkout.repo.ts'
import { checkoutRoutes, webhookRoutes } from './checkout.routes.ts'
import { createCheckoutService, type CheckoutCounters } from './checkout.service.ts'

/** The payment provider: Stripe when configured, otherwise the demo provider. */
export type Payments =
  | { readonly kind: 'stripe'; readonly provider: PaymentProvider }
  | { readonly kind: 'demo'; readonly provider: DemoProvider }

export function createCheckoutFeature(deps: {
  db: Database
  payments: Payments
  auth: AuthService
  rateLimits: Pick<RateLimitsService, 'attemptLimiter'>
  mailer: Mailer
  log: FastifyBaseLogger
  now?: (() => Date) | undefined
  counters?: CheckoutCounters | undefined
}) {
  const service = createCheckoutService({
    repo: createCheckoutRepo(deps.db),
    couponsRepo: createCouponsRepo(deps.db),
    provider: deps.payments.provider,
    mailer: deps.mailer,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.counters ? { counters: deps.counters } : {}),
  })
  const demo = deps.payments.kind === 'demo' ? deps.payments.provider : null
  return {
    service,
    routes: checkoutRoutes({
      checkout: service,
      auth: deps.auth,
      demo,
      rateLimits: deps.rateLimits,
    }),
    // the webhook exists only when Stripe is configured (decisions §9)
    webhookRoutes:
      deps.payments.kind === 'stripe'
        ? webhookRoutes({ checkout: service, provider: deps.payments.provider })
        : null,
  }
}
