import type {
  DemoCardInput,
  DemoConfirmResult,
  DemoAuthenticateResultSchema,
} from '#shared/schemas/checkout.ts'
import type { z } from 'zod'
import { apiRequest } from '#web/lib/api-client.ts'

/**
 * The built-in demo provider (docs/product.md#payments): confirm a card, then maybe authenticate.
 */
export const confirmDemoPayment = (paymentIntentId: string, card: DemoCardInput) =>
  apiRequest<DemoConfirmResult>(
    'POST',
    `/api/demo-payments/${encodeURIComponent(paymentIntentId)}/confirm`,
    { body: card },
  )

export const authenticateDemoPayment = (paymentIntentId: string, outcome: 'succeeded' | 'failed') =>
  apiRequest<z.infer<typeof DemoAuthenticateResultSchema>>(
    'POST',
    `/api/demo-payments/${encodeURIComponent(paymentIntentId)}/authenticate`,
    { body: { outcome } },
  )
