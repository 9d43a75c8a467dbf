/**
 * The messages of a coupon check (docs/product.md#coupons), shared by the drawer and the server.
 * Kept apart from the zod schema so the basket drawer does not load zod.
 */
export const COUPON_MESSAGES = {
  empty: 'Please enter a coupon code',
  unknown: 'Invalid coupon code',
  inactive: 'This coupon is no longer active',
  notStarted: (startDate: string) => `This coupon starts on ${startDate}`,
  ended: 'This coupon has expired',
  exhausted: 'This coupon has reached its usage limit',
  belowMinimum: (minimum: string, missing: string) =>
    `This coupon needs an order of at least ${minimum}. Add ${missing} more to use it.`,
  network: 'Failed to validate coupon. Please try again.',
} as const
