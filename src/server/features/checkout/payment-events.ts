import type { FastifyBaseLogger } from 'fastify'
import type { PaymentEvent, PaymentProvider } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { CheckoutRepo } from './checkout.repo.ts'
import type { CheckoutClosing } from './checkout-closing.ts'
import { isPaid, type CheckoutCounters, type Fulfil } from './fulfilment.ts'

/**
 * The payments of orders, handled by the orders' side (docs/product.md#order-payments): a
 * change's payment, a payment after a failed capture, and a checkout's payment once its order
 * is made.
 */
export interface OrderPayments {
  /** an event about a payment no pending checkout owns */
  handleEvent(event: PaymentEvent): Promise<void>
  /** the customer whose order the payment is for, or null when it is no order's */
  ownerOf(paymentId: string): Promise<string | null>
}

type PaymentOutcomeEvent = Exclude<PaymentEvent, { type: 'ignored' } | { type: 'refund_updated' }>

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
  orderPayments?: OrderPayments | undefined
}) {
  const { checkouts, provider, log } = deps

  /** True when the failed payment succeeded meanwhile and still needs its order. */
  async function settleFailure(paymentId: string): Promise<boolean> {
    // a declined card leaves a Stripe payment payable with another card: the checkout closes
    // (and gives back its coupon hold) only once the payment is canceled; a payment that
    // was authorised meanwhile gets its order. Otherwise the one-hour sweep settles it.
    let payment
    try {
      payment = await provider.retrievePayment(paymentId)
    } catch (error) {
      log.error({ err: error, paymentIntentId: paymentId }, 'reading the payment failed')
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
    }
    if (payment?.status === 'canceled') await deps.closing.close(paymentId, 'failed')
    if (isPaid(payment)) return true
    // counted once handled (a delivery retried after a failed answer counts once)
    if (payment) deps.counters.paymentFailed()
    return false
  }

  /** An event about a checkout that has no order yet: its order, or its closing. */
  async function handleCheckoutEvent(event: PaymentOutcomeEvent): Promise<void> {
    // refunds concern orders only
    if (event.type === 'refunded') return
    if (event.type !== 'succeeded' && !(await settleFailure(event.paymentId))) return
    try {
      await deps.fulfil(event.paymentId)
    } catch (error) {
      // not actually paid: acknowledged, so the provider stops retrying
      if (error instanceof AppError && error.status < 500) {
        log.warn({ paymentIntentId: event.paymentId, code: error.code }, 'webhook: no order')
        return
      }
      throw error
    }
  }

  return async function handlePaymentEvent(event: PaymentEvent): Promise<void> {
    if (event.type === 'ignored') return
    // refunds are orders' (a refund event names the refund)
    if (event.type === 'refund_updated') {
      if (deps.orderPayments) await deps.orderPayments.handleEvent(event)
      return
    }
    const checkout = await checkouts.findByPayment(event.paymentId)
    // a completed checkout's payment is its order's now (captured, voided, refunded there)
    if (checkout && checkout.status !== 'completed') return handleCheckoutEvent(event)
    if (deps.orderPayments) return deps.orderPayments.handleEvent(event)
    if (!checkout) log.warn({ paymentIntentId: event.paymentId }, 'webhook: not our payment')
  }
}
