import type { FastifyBaseLogger } from 'fastify'
import type { PaymentEvent, PaymentProvider } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { CheckoutRepo } from './checkout.repo.ts'
import type { CheckoutClosing } from './checkout-closing.ts'
import type { CheckoutCounters, Fulfil } from './fulfilment.ts'

/**
 * A verified webhook event (docs/product.md#payments). Events may come twice, late or out of
 * order: each is judged by what the provider says of the payment now.
 */
export function createPaymentEventHandler(deps: {
  checkouts: CheckoutRepo
  closing: CheckoutClosing
  fulfil: Fulfil
  provider: PaymentProvider
  log: FastifyBaseLogger
  counters: CheckoutCounters
}) {
  const { checkouts, provider, log } = deps

  /** True when the failed payment succeeded meanwhile and still needs its order. */
  async function settleFailure(paymentId: string): Promise<boolean> {
    // a declined card leaves a Stripe payment payable with another card: the checkout closes
    // (and gives back its coupon hold) only once the payment is canceled; a payment that
    // succeeded meanwhile gets its order. Otherwise the one-hour sweep settles it.
    let payment
    try {
      payment = await provider.retrievePayment(paymentId)
    } catch (error) {
      log.error({ err: error, paymentIntentId: paymentId }, 'reading the payment failed')
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
    }
    if (payment?.status === 'canceled') await deps.closing.close(paymentId, 'failed')
    if (payment?.status === 'succeeded') return true
    // counted once handled (a delivery retried after a failed answer counts once), and only
    // for a checkout of this shop's
    if (payment && (await checkouts.findByPayment(paymentId))) deps.counters.paymentFailed()
    return false
  }

  return async function handlePaymentEvent(event: PaymentEvent): Promise<void> {
    if (event.type === 'ignored') return
    if (event.type === 'failed' && !(await settleFailure(event.paymentId))) return
    try {
      await deps.fulfil(event.paymentId)
    } catch (error) {
      // not one of ours, or not actually paid: acknowledged, so the provider stops retrying
      if (error instanceof AppError && error.status < 500) {
        log.warn({ paymentIntentId: event.paymentId, code: error.code }, 'webhook: no order')
        return
      }
      throw error
    }
  }
}
