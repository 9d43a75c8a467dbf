import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema, SoldOutBodySchema } from '#shared/errors.ts'
import { OrderConflictSchema, OrderIdParamsSchema, OrderSchema } from '#shared/schemas/order.ts'
import {
  OrderChangeInputSchema,
  OrderChangeResultSchema,
  OrderPaymentCompleteInputSchema,
  PaymentRequiredSchema,
  ORDER_CHANGE_MESSAGES,
} from '#shared/schemas/order-changes.ts'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import type { SignedIn } from '../auth/index.ts'
import type { OrderChangesService } from './order-changes.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import {
  EXAMPLE_CANCELLED_ORDER,
  EXAMPLE_DELIVERY_INFO,
  EXAMPLE_IDS,
  EXAMPLE_ORDER,
  EXAMPLE_ORDER_PARAMS,
  EXAMPLE_PAYMENT_REQUIRED,
} from '../../plugins/api-examples.ts'

const orderParams = OrderIdParamsSchema.meta({ examples: [EXAMPLE_ORDER_PARAMS] })
const noBody = z
  .strictObject({})
  .optional()
  .meta({ examples: [{}] })

/** three tomatoes instead of two: $3.25 more on the order */
const changedOrder = {
  ...EXAMPLE_ORDER,
  subtotal: '72.00',
  exemptSales: '72.00',
  total: '77.99',
  version: 2,
  items: EXAMPLE_ORDER.items.map((item) =>
    item.id === EXAMPLE_IDS.tomatoesLine ? { ...item, quantity: 3 } : item,
  ),
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: z.union([OrderConflictSchema, SoldOutBodySchema, ErrorBodySchema]),
  503: ErrorBodySchema,
}

/** An If-Match header's version ("3", W/"3"): a stale one is refused like a stale body. */
function ifMatchVersion(header: string | undefined): number | null {
  if (!header) return null
  const digits = header.replace(/^W\//, '').replace(/"/g, '').trim()
  return /^\d+$/.test(digits) ? Number(digits) : -1
}

/** The customer's changes until the cut-off (docs/product.md#order-changes). */
export function orderChangesRoutes({
  changes,
  auth,
}: {
  changes: OrderChangesService
  auth: SignedIn
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      '/api/orders/:id',
      {
        schema: {
          summary:
            'Change an order before its cut-off (quantities, lines, address, phone, instructions)',
          tags: [API_TAG.orderChanges],
          params: orderParams,
          body: OrderChangeInputSchema.meta({
            examples: [
              {
                version: 1,
                items: [
                  { id: EXAMPLE_IDS.tomatoes, quantity: 3 },
                  {
                    id: EXAMPLE_IDS.harvestBox,
                    quantity: 1,
                    // three tomatoes and four sweet potatoes: a repeat is one more of it
                    customSelections: [
                      ...Array<string>(3).fill(EXAMPLE_IDS.tomatoes),
                      ...Array<string>(4).fill(EXAMPLE_IDS.sweetPotatoes),
                    ],
                  },
                  { id: EXAMPLE_IDS.eggs, quantity: 1 },
                ],
                deliveryInfo: EXAMPLE_DELIVERY_INFO,
                specialInstructions: 'Leave the box on the porch swing, please.',
              },
            ],
          }),
          response: {
            200: OrderChangeResultSchema.meta({
              examples: [changedOrder, EXAMPLE_PAYMENT_REQUIRED],
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        const ifMatch = ifMatchVersion(request.headers['if-match'])
        if (ifMatch !== null && ifMatch !== request.body.version) {
          throw new AppError('ORDER_CONFLICT', { message: ORDER_CHANGE_MESSAGES.stale })
        }
        return changes.change(request.params.id, user.id, request.body)
      },
    )

    app.post(
      '/api/orders/:id/cancel',
      {
        schema: {
          summary: 'Cancel an order before its cut-off (its card is voided)',
          tags: [API_TAG.orderChanges],
          params: orderParams,
          body: noBody,
          response: { 200: OrderSchema.meta({ examples: [EXAMPLE_CANCELLED_ORDER] }), ...errors },
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return changes.cancelByCustomer(request.params.id, user.id)
      },
    )

    app.post(
      '/api/orders/:id/pay-again',
      {
        schema: {
          summary: 'Start a new card payment for an order whose card was refused',
          tags: [API_TAG.orderChanges],
          params: orderParams,
          body: noBody,
          response: {
            200: PaymentRequiredSchema.meta({ examples: [EXAMPLE_PAYMENT_REQUIRED] }),
            ...errors,
          },
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return changes.payAgain(request.params.id, user.id)
      },
    )

    app.post(
      '/api/orders/:id/payments/complete',
      {
        schema: {
          summary: 'Apply a change or a payment again once its card payment succeeded',
          tags: [API_TAG.orderChanges],
          params: orderParams,
          body: OrderPaymentCompleteInputSchema.meta({
            examples: [
              { paymentIntentId: EXAMPLE_PAYMENT_REQUIRED.paymentRequired.paymentIntentId },
            ],
          }),
          response: { 200: OrderSchema.meta({ examples: [changedOrder] }), ...errors },
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return changes.completePayment(request.params.id, user.id, request.body.paymentIntentId)
      },
    )
  }
}
