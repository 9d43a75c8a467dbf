import type { DemoCoupon } from './demo-types.ts'

/** The demo coupons (docs/product.md#coupons): 10% off for newcomers and $5 off from $60. */
export const DEMO_COUPONS: DemoCoupon[] = [
  {
    code: 'WELCOME10',
    percentOff: 10,
    amountOff: null,
    minSubtotal: null,
    maxRedemptions: null,
  },
  {
    code: 'FARM5',
    percentOff: null,
    amountOff: '5.00',
    minSubtotal: '60.00',
    maxRedemptions: null,
  },
]
