import type { FastifyBaseLogger } from 'fastify'
import { PaymentRefusedError, type PaymentProvider } from '../../adapters/payments/index.ts'
import type { CheckoutRepo } from './checkout.repo.ts'
import type { CheckoutClosing } from './checkout-closing.ts'
import { isPaid, type Fulfil } from './fulfilment.ts'
import { isAwaitingPayment } from './payment-intents.ts'

/** a payment not paid after this long gives back its coupon hold (docs/product.md#coupons) */
export const ABANDONED_AFTER_MS = 60 * 60_000
/** pending checkouts older than this are looked up at the provider (missed webhooks) */
export const RECONCILE_AFTER_MS = 2 * 60_000
/**
 * a payment left unpaid this long is cancelled at the provider: the card form kept open in a
 * tab for days cannot pay for a basket priced, and a Saturday shown, that long ago
 */
export const EXPIRED_AFTER_MS = 24 * 60 * 60_000

/**
 * The safety net behind the webhook, run by the minute's tick: pending checkouts older than a
 * couple of minutes are looked up at the provider; a paid one gets its order, one unpaid for an
 * hour is abandoned and gives back its coupon hold, and one unpaid for a day has its payment
 * cancelled at the provider (docs/product.md#payments). Safe to run on every process at once.
 */
export function createCheckoutSweep(deps: {
  checkouts: CheckoutRepo
  closing: CheckoutClosing
  fulfil: Fulfil
  provider: PaymentProvider
  log: FastifyBaseLogger
  now: () => Date
}) {
  /**
   * Cancels an abandoned checkout's payment at the provider, unless it was paid after all: then
   * it gets its order (on the Saturday open now), whatever its browser and events missed.
   */
  async function expire(paymentIntentId: string): Promise<'ordered' | 'expired'> {
    const paidMeanwhile = async () => {
      if (!isPaid(await deps.provider.retrievePayment(paymentIntentId))) return false
      await deps.fulfil(paymentIntentId)
      return true
    }
    if (await paidMeanwhile()) return 'ordered'
    try {
      await deps.provider.void({
        paymentId: paymentIntentId,
        idempotencyKey: `expire_${paymentIntentId}`,
      })
    } catch (error) {
      // refused: paid between the read and the void
      if (error instanceof PaymentRefusedError && (await paidMeanwhile())) return 'ordered'
      throw error
    }
    await deps.closing.expire(paymentIntentId)
    return 'expired'
  }

  async function expireAbandoned(at: number, limit: number) {
    let ordered = 0
    const old = await deps.checkouts.abandonedBefore(new Date(at - EXPIRED_AFTER_MS), limit)
    for (const checkout of old) {
      try {
        if (isAwaitingPayment(checkout.paymentIntentId)) {
          await deps.closing.expire(checkout.paymentIntentId)
        } else if ((await expire(checkout.paymentIntentId)) === 'ordered') ordered++
      } catch (error) {
        deps.log.warn({ err: error, paymentIntentId: checkout.paymentIntentId }, 'expiring failed')
      }
    }
    return ordered
  }

  return async function settleStaleCheckouts(
    limit = 50,
  ): Promise<{ ordered: number; abandoned: number }> {
    const at = deps.now().getTime()
    const stale = await deps.checkouts.stale(new Date(at - RECONCILE_AFTER_MS), limit)
    let ordered = 0
    let abandoned = 0
    for (const checkout of stale) {
      try {
        if (isAwaitingPayment(checkout.paymentIntentId)) {
          // the process stopped while the provider was called: no customer can pay this one
          await deps.closing.close(checkout.paymentIntentId, 'abandoned')
          abandoned++
          continue
        }
        const payment = await deps.provider.retrievePayment(checkout.paymentIntentId)
        if (isPaid(payment)) {
          if ((await deps.fulfil(checkout.paymentIntentId)).created) ordered++
        } else if (checkout.createdAt.getTime() < at - ABANDONED_AFTER_MS) {
          await deps.closing.close(checkout.paymentIntentId, 'abandoned')
          abandoned++
        }
      } catch (error) {
        deps.log.warn({ err: error, paymentIntentId: checkout.paymentIntentId }, 'settling failed')
      }
    }
    ordered += await expireAbandoned(at, limit)
    return { ordered, abandoned }
  }
}
