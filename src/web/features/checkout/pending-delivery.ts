import { DeliveryInfoSchema, type DeliveryInfo } from '#shared/schemas/order.ts'

/**
 * The address typed at checkout, kept for the visit while the customer is away authenticating
 * the payment, so the order made on the way back goes to that address (sessionStorage: gone
 * with the tab; card details are never kept).
 */
const keyFor = (paymentIntentId: string) => `checkout-delivery:${paymentIntentId}`

export function keepDeliveryFor(paymentIntentId: string, delivery: DeliveryInfo) {
  try {
    window.sessionStorage.setItem(keyFor(paymentIntentId), JSON.stringify(delivery))
  } catch {
    // storage blocked: the order keeps the address the payment was created with
  }
}

export function deliveryKeptFor(paymentIntentId: string): DeliveryInfo | undefined {
  try {
    const raw = window.sessionStorage.getItem(keyFor(paymentIntentId))
    return raw ? DeliveryInfoSchema.safeParse(JSON.parse(raw)).data : undefined
  } catch {
    return undefined
  }
}

export function forgetDeliveryFor(paymentIntentId: string) {
  try {
    window.sessionStorage.removeItem(keyFor(paymentIntentId))
  } catch {
    // nothing kept
  }
}
