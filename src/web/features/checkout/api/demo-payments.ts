import type { DemoAuthenticateResultSchema } from '#shared/schemas/checkout.ts'
import type { z } from 'zod'
import { apiRequest } from '#web/lib/api-client.ts'

/**
 * The demo provider's stand-in for the bank's check (docs/product.md#payments); the card itself
 * is confirmed through #web/components/payments/demo-payments.ts.
 */
export const authenticateDemoPayment = (paymentIntentId: string, outcome: 'succeeded' | 'failed') =>
  apiRequest<z.infer<typeof DemoAuthenticateResultSchema>>(
    'POST',
    `/api/demo-payments/${encodeURIComponent(paymentIntentId)}/authenticate`,
    { body: { outcome } },
  )
