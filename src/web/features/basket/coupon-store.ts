import { useSyncExternalStore } from 'react'
import type { Discount } from '#shared/domain/pricing.ts'
import { decimalToCents } from '#shared/domain/money.ts'

/** A coupon the server accepted for this basket. The server checks it again at checkout. */
export interface AppliedCoupon {
  readonly code: string
  readonly id: string
  readonly percentOff: number | null
  /** "5.00" */
  readonly amountOff: string | null
}

/** Kept for the visit (sessionStorage), so a reload or the checkout page still sees it. */
const STORAGE_KEY = 'promo'
let applied: AppliedCoupon | null | undefined
const listeners = new Set<() => void>()

function read(): AppliedCoupon | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<AppliedCoupon>
    return typeof value.code === 'string' && typeof value.id === 'string'
      ? {
          code: value.code,
          id: value.id,
          percentOff: typeof value.percentOff === 'number' ? value.percentOff : null,
          amountOff: typeof value.amountOff === 'string' ? value.amountOff : null,
        }
      : null
  } catch {
    return null
  }
}

export const couponStore = {
  get: (): AppliedCoupon | null => (applied ??= read()),
  set: (next: AppliedCoupon | null) => {
    applied = next
    try {
      if (next) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next))
      else window.sessionStorage.removeItem(STORAGE_KEY)
    } catch {
      // storage blocked: keep it in memory
    }
    for (const listener of listeners) listener()
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}

export function useAppliedCoupon(): AppliedCoupon | null {
  return useSyncExternalStore(couponStore.subscribe, couponStore.get, () => null)
}

/** The coupon as pricing reads it. */
export function couponDiscount(coupon: AppliedCoupon | null): Discount | null {
  if (!coupon) return null
  if (coupon.percentOff !== null) return { percentOff: coupon.percentOff }
  if (coupon.amountOff !== null) return { amountOff: decimalToCents(coupon.amountOff) }
  return null
}
