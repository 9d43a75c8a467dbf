import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  AdminSubscriptionListSchema,
  ForecastQuerySchema,
  ForecastSchema,
  PauseInputSchema,
  SubscriptionParamsSchema,
  SubscriptionSchema,
} from '#shared/schemas/subscriptions.ts'
import { EXAMPLE_IDS, EXAMPLE_SATURDAY } from '../../plugins/api-examples.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import { EXAMPLE_SUBSCRIPTION } from './subscriptions.routes.ts'
import type { SubscriptionsService } from './subscriptions.service.ts'

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
}

const answer = { 200: SubscriptionSchema.meta({ examples: [EXAMPLE_SUBSCRIPTION] }), ...errors }
const params = SubscriptionParamsSchema.meta({ examples: [{ id: EXAMPLE_IDS.subscription }] })

/**
 * The admin's subscriptions (docs/product.md#subscriptions): every customer's, the coming weeks'
 * forecast, and a pause or a cancel made for a customer. The admin guard covers /api/admin.
 */
export function adminSubscriptionsRoutes({
  subscriptions,
}: {
  subscriptions: SubscriptionsService
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/subscriptions',
      {
        schema: {
          summary: 'Every subscription with its customer, newest first',
          tags: [API_TAG.adminSubscriptions],
          response: {
            200: AdminSubscriptionListSchema.meta({
              examples: [
                [
                  {
                    ...EXAMPLE_SUBSCRIPTION,
                    customer: { name: 'Maria Garcia', email: 'maria@example.com' },
                  },
                ],
              ],
            }),
            ...errors,
          },
        },
      },
      async () => subscriptions.adminList(),
    )

    app.get(
      '/api/admin/forecast',
      {
        schema: {
          summary: "The coming Saturdays' subscription quantities per product and producer",
          tags: [API_TAG.adminSubscriptions],
          querystring: ForecastQuerySchema.meta({ examples: [{ weeks: 4 }] }),
          response: {
            200: ForecastSchema.meta({
              examples: [
                {
                  weeks: [
                    {
                      saturday: EXAMPLE_SATURDAY,
                      subscriptions: 12,
                      products: [
                        {
                          id: EXAMPLE_IDS.eggs,
                          name: 'Pasture-Raised Eggs',
                          producer: 'Atkinson Farms',
                          quantity: 18,
                        },
                      ],
                    },
                  ],
                },
              ],
            }),
            ...errors,
          },
        },
      },
      async (request) => subscriptions.forecast(request.query.weeks),
    )

    app.post(
      '/api/admin/subscriptions/:id/pause',
      {
        schema: {
          summary: "Pause a customer's subscription until a day",
          tags: [API_TAG.adminSubscriptions],
          params,
          body: PauseInputSchema.meta({ examples: [{ until: '2027-01-09' }] }),
          response: answer,
        },
      },
      async (request) => subscriptions.pause(null, request.params.id, request.body.until),
    )

    app.post(
      '/api/admin/subscriptions/:id/cancel',
      {
        schema: {
          summary: "Cancel a customer's subscription after the open week",
          tags: [API_TAG.adminSubscriptions],
          params,
          response: answer,
        },
      },
      async (request) => subscriptions.cancel(null, request.params.id),
    )
  }
}
