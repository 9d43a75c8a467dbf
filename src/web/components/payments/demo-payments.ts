import type { DemoCardInput, DemoConfirmResult } from '#shared/schemas/checkout.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import type { PaymentOutcome } from './payment-outcome.ts'

/**
 * The built-in demo provider's card confirmation (docs/product.md#payments), for the checkout
 * and for an order's own payments (a change above what the card authorised, a payment made again
 * after a declined capture).
 */
export const confirmDemoPayment = (paymentIntentId: string, card: DemoCardInput) =>
  apiRequest<DemoConfirmResult>(
    'POST',
    `/api/demo-payments/${encodeURIComponent(paymentIntentId)}/confirm`,
    { body: card },
  )

/**
 * The demo card's answer as a payment outcome. A good card is authorised: the provider answers
 * `requires_capture` (the money moves at the cut-off) or, for a payment taken at once,
 * `succeeded`; both mean the card went through.
 */
export async function payWithDemoCard(
  paymentIntentId: string,
  card: DemoCardInput,
): Promise<PaymentOutcome> {
  const result = await confirmDemoPayment(paymentIntentId, card)
  switch (result.status) {
    case 'failed':
      return { status: 'failed', message: result.message }
    case 'requires_action':
      return { status: 'redirect', url: result.redirectUrl }
    default:
      return { status: 'succeeded' }
  }
}
