import type { RunInTransaction } from '../../db/transaction.ts'
import type { CouponsService } from '../coupons/index.ts'
import type { WeeklyStock } from '../weekly-stock/index.ts'
import type { CheckoutRepo } from './checkout.repo.ts'

/**
 * A checkout whose payment failed or was abandoned closes and gives back its coupon hold, in
 * one transaction. Only a pending checkout changes: one that has its order stays completed. What
 * it held of limited products is no longer counted once it is closed
 * (docs/product.md#weekly-quantities): the shop's counts of those are read again.
 */
export function createCheckoutClosing(deps: {
  checkouts: CheckoutRepo
  coupons: Pick<CouponsService, 'releaseHoldWithin'>
  stock: Pick<WeeklyStock, 'anyLimited' | 'changed'>
  transaction: RunInTransaction
}) {
  return {
    async close(paymentIntentId: string, status: 'failed' | 'abandoned'): Promise<void> {
      const closed = await deps.transaction(async (tx) => {
        const checkouts = deps.checkouts.within(tx)
        const checkout = await checkouts.lock({ paymentIntentId })
        if (!checkout || checkout.status !== 'pending') return null
        await checkouts.close(checkout.id, status)
        if (checkout.couponReserved && checkout.couponId) {
          await deps.coupons.releaseHoldWithin(tx, checkout.couponId)
        }
        return checkout
      })
      const lines = Array.isArray(closed?.items) ? (closed.items as unknown[]) : []
      if (await deps.stock.anyLimited(lines)) deps.stock.changed()
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
