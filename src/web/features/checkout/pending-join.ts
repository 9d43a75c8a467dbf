/**
 * The payments the checkout started to add its basket to an open order
 * (docs/product.md#one-order-per-saturday), kept for the visit (sessionStorage: gone with the
 * tab). The demo bank sends an order's payment back to the order's page, which would apply it
 * but cannot empty the basket; a payment started here comes back through the checkout instead,
 * which does both.
 */
const keyFor = (paymentIntentId: string) => `checkout-join:${paymentIntentId}`

export function keepJoinFor(paymentIntentId: string, orderId: string) {
  try {
    window.sessionStorage.setItem(keyFor(paymentIntentId), orderId)
  } catch {
    // storage blocked: the bank's page returns to the order's page, which applies the payment
  }
}

/** The order a payment started at checkout is adding the basket to, if it was. */
export function joinKeptFor(paymentIntentId: string): string | undefined {
  try {
    return window.sessionStorage.getItem(keyFor(paymentIntentId)) ?? undefined
  } catch {
    return undefined
  }
}

export function forgetJoinFor(paymentIntentId: string) {
  try {
    window.sessionStorage.removeItem(keyFor(paymentIntentId))
  } catch {
    // nothing kept
  }
}

/** The checkout's address for coming back from the bank with an order's payment. */
export const joinReturnPath = (orderId: string) =>
  `/checkout?join_order=${encodeURIComponent(orderId)}`
