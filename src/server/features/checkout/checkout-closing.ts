import type { RunInTransaction } from '../../db/transaction.ts'
import type { CouponsService } from '../coupons/index.ts'
import type { CheckoutRepo } from './checkout.repo.ts'

/**
 * A checkout whose payment failed or was abandoned closes and gives back its coupon hold, in
 * one transaction. Only a pending checkout changes: one that has its order stays completed.
 */
export function createCheckoutClosing(deps: {
  checkouts: CheckoutRepo
  coupons: Pick<CouponsService, 'releaseHoldWithin'>
  transaction: RunInTransaction
}) {
  return {
    close(paymentIntentId: string, status: 'failed' | 'abandoned'): Promise<void> {
      return deps.transaction(async (tx) => {
        const checkouts = deps.checkouts.within(tx)
        const checkout = await checkouts.lock({ paymentIntentId })
        if (!checkout || checkout.status !== 'pending') return
        await checkouts.close(checkout.id, status)
        if (checkout.couponReserved && checkout.couponId) {
          await deps.coupons.releaseHoldWithin(tx, checkout.couponId)
        }
      })
    },

    /** A checkout abandoned long ago whose payment the provider has now cancelled. */
    expire(paymentIntentId: string): Promise<void> {
      return deps.transaction(async (tx) => {
        const checkouts = deps.checkouts.within(tx)
        const checkout = await checkouts.lock({ paymentIntentId })
        if (!checkout || checkout.status !== 'abandoned') return
        await checkouts.close(checkout.id, 'expired')
      })
    },
  }
}

export type CheckoutClosing = ReturnType<typeof createCheckoutClosing>
