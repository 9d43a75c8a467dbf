import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { AdminIdParamsSchema } from '#shared/schemas/admin.ts'
import {
  HarvestSchema,
  HarvestSendParamsSchema,
  HarvestSentSchema,
  PackedSchema,
  PackingSlipsSchema,
  WeekShortfallsSchema,
  PickListSchema,
  WeekParamsSchema,
  WeekSummarySchema,
} from '#shared/schemas/week.ts'
import { adminCallerOf } from '../../plugins/admin-guard.ts'
import type { OrdersService } from '../orders/index.ts'
import type { HarvestEmails } from './harvest-emails.ts'
import type { WeekService } from './week.service.ts'
import { API_TAG, textAnswer } from '../../plugins/api-reference.ts'
import {
  EXAMPLE_CUTOFF_INSTANT,
  EXAMPLE_IDS,
  EXAMPLE_ORDER,
  EXAMPLE_ORDER_PARAMS,
  EXAMPLE_SATURDAY,
} from '../../plugins/api-examples.ts'

const weekParams = WeekParamsSchema.meta({ examples: [{ saturday: EXAMPLE_SATURDAY }] })
const EXAMPLE_ORDER_NUMBER = '#9A4E6B2C'
const ATKINSON_EMAIL = 'atkinson.harvest@example.com'
/** the example order's tomatoes: two on their own, three in the harvest box */
const atkinsonLines = [
  { productId: EXAMPLE_IDS.tomatoes, name: 'Heirloom Tomatoes', unit: '1 lb', quantity: 5 },
  { productId: EXAMPLE_IDS.sweetPotatoes, name: 'Sweet Potatoes', unit: '2 lb', quantity: 4 },
]

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
}

/**
 * The week's admin calls (docs/product.md#the-week); the admin guard covers /api/admin. Every
 * answer holds customers' or producers' details: no shared or browser cache keeps a copy.
 */
export function weekRoutes({
  week,
  harvestEmails,
  orders,
}: {
  week: WeekService
  harvestEmails: Pick<HarvestEmails, 'sendHarvest'>
  orders: Pick<OrdersService, 'markPacked'>
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      void reply.header('cache-control', 'no-store')
      return payload
    })

    app.get(
      '/api/admin/week/:saturday',
      {
        schema: {
          summary: 'A Saturday at a glance: orders, money, what is left to do',
          tags: [API_TAG.adminWeek],
          params: weekParams,
          response: {
            200: WeekSummarySchema.meta({
              examples: [
                {
                  saturday: EXAMPLE_SATURDAY,
                  cutoff: EXAMPLE_CUTOFF_INSTANT,
                  provisional: false,
                  orders: 39,
                  items: 212,
                  revenueCaptured: '2841.17',
                  refunds: '11.00',
                  failedPayments: [
                    {
                      orderId: '1f3b5d7a-9c2e-4a6b-8d0f-3b5d7f9a1c84',
                      orderNumber: '#1F3B5D7A',
                      customerName: 'James Okafor',
                      total: '58.24',
                    },
                  ],
                  onHold: { orders: 0, total: '0.00' },
                  notPacked: 12,
                  notDelivered: 39,
                  upcoming: [{ saturday: '2026-12-12', orders: 17, items: 90, total: '1204.60' }],
                  weeklyQuantities: [
                    {
                      productId: '7c2e9a41-5b3d-4f6e-8a1c-2d4b6f8e0a13',
                      name: 'Grass-Fed Ribeye Steak',
                      weeklyQuantity: 12,
                      sold: 9,
                      left: 3,
                    },
                  ],
                },
              ],
            }),
            ...errors,
          },
        },
      },
      (request) => week.summary(request.params.saturday),
    )

    app.get(
      '/api/admin/week/:saturday/harvest',
      {
        schema: {
          summary: 'The Saturday’s harvest list for each producer',
          tags: [API_TAG.adminWeek],
          params: weekParams,
          response: {
            200: HarvestSchema.meta({
              examples: [
                {
                  saturday: EXAMPLE_SATURDAY,
                  provisional: false,
                  producers: [
                    {
                      slug: 'atkinson-farms',
                      name: 'Atkinson Farms',
                      email: ATKINSON_EMAIL,
                      lines: atkinsonLines,
                      lastSentAt: '2026-12-03T14:05:00.000Z',
                    },
                  ],
                },
              ],
            }),
            ...errors,
          },
        },
      },
      (request) => week.harvest(request.params.saturday),
    )

    app.get(
      '/api/admin/week/:saturday/harvest.csv',
      {
        schema: {
          summary: 'The Saturday’s harvest lists as a CSV file',
          tags: [API_TAG.adminWeek],
          params: weekParams,
          response: {
            200: textAnswer('text/csv', 'The harvest lists, one row per producer and product'),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const csv = await week.harvestCsv(request.params.saturday)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.fileName}"`)
          .send(csv.body)
      },
    )

    app.post(
      '/api/admin/week/:saturday/harvest/:producerSlug/send',
      {
        schema: {
          summary: 'E-mail a producer its harvest list for the Saturday',
          tags: [API_TAG.adminWeek],
          params: HarvestSendParamsSchema.meta({
            examples: [{ saturday: EXAMPLE_SATURDAY, producerSlug: 'atkinson-farms' }],
          }),
          response: {
            200: HarvestSentSchema.meta({
              examples: [
                { message: `Harvest list sent to ${ATKINSON_EMAIL}`, recipient: ATKINSON_EMAIL },
              ],
            }),
            ...errors,
          },
        },
      },
      (request) => harvestEmails.sendHarvest(request.params.saturday, request.params.producerSlug),
    )

    app.get(
      '/api/admin/week/:saturday/pick-list',
      {
        schema: {
          summary: 'The Saturday’s pick list, by category and producer',
          tags: [API_TAG.adminWeek],
          params: weekParams,
          response: {
            200: PickListSchema.meta({
              examples: [
                {
                  saturday: EXAMPLE_SATURDAY,
                  provisional: false,
                  categories: [
                    {
                      slug: 'produce',
                      name: 'Produce',
                      producers: [
                        { slug: 'atkinson-farms', name: 'Atkinson Farms', lines: atkinsonLines },
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
      (request) => week.pickList(request.params.saturday),
    )

    app.get(
      '/api/admin/week/:saturday/packing-slips',
      {
        schema: {
          summary: 'One packing slip for each of the Saturday’s orders',
          tags: [API_TAG.adminWeek],
          params: weekParams,
          response: {
            200: PackingSlipsSchema.meta({
              examples: [
                {
                  saturday: EXAMPLE_SATURDAY,
                  provisional: false,
                  slips: [
                    {
                      orderId: EXAMPLE_IDS.order,
                      orderNumber: EXAMPLE_ORDER_NUMBER,
                      customerName: EXAMPLE_ORDER.customerName,
                      phone: EXAMPLE_ORDER.customerPhone,
                      address: EXAMPLE_ORDER.deliveryAddress,
                      specialInstructions: EXAMPLE_ORDER.specialInstructions,
                      items: [
                        {
                          itemId: EXAMPLE_IDS.tomatoesLine,
                          name: 'Heirloom Tomatoes',
                          unit: '1 lb',
                          quantity: 2,
                          farmersChoice: false,
                          contents: [],
                        },
                        {
                          itemId: EXAMPLE_IDS.boxLine,
                          name: 'Seasonal Harvest Box',
                          unit: '7 items',
                          quantity: 1,
                          farmersChoice: false,
                          contents: [
                            { name: 'Heirloom Tomatoes', quantity: 3 },
                            { name: 'Sweet Potatoes', quantity: 4 },
                          ],
                        },
                        {
                          itemId: EXAMPLE_IDS.eggsLine,
                          name: 'Pasture-Raised Eggs',
                          unit: '12 ct',
                          quantity: 1,
                          farmersChoice: false,
                          contents: [],
                        },
                      ],
                      bags: 2,
                      packedAt: null,
                      onHold: false,
                      paymentPending: false,
                    },
                  ],
                },
              ],
            }),
            ...errors,
          },
        },
      },
      (request) => week.packingSlips(request.params.saturday),
    )

    app.get(
      '/api/admin/week/:saturday/shortfalls',
      {
        schema: {
          summary: 'The Saturday’s items marked short',
          tags: [API_TAG.adminWeek],
          params: weekParams,
          response: {
            200: WeekShortfallsSchema.meta({
              examples: [
                {
                  saturday: EXAMPLE_SATURDAY,
                  producers: [
                    {
                      name: 'Atkinson Farms',
                      amount: '6.50',
                      lines: [{ name: 'Heirloom Tomatoes', quantity: 1, amount: '6.50' }],
                    },
                  ],
                },
              ],
            }),
            ...errors,
          },
        },
      },
      (request) => week.shortfalls(request.params.saturday),
    )

    app.post(
      '/api/admin/orders/:id/packed',
      {
        schema: {
          summary: 'Mark an order packed (“preparing”)',
          tags: [API_TAG.adminOrders],
          params: AdminIdParamsSchema.meta({ examples: [EXAMPLE_ORDER_PARAMS] }),
          response: {
            200: PackedSchema.meta({
              examples: [
                {
                  orderId: EXAMPLE_IDS.order,
                  packedAt: '2026-12-05T09:42:00.000Z',
                  deliveryStatus: 'preparing',
                },
              ],
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const packed = await orders.markPacked(request.params.id, adminCallerOf(request))
        return { ...packed, packedAt: packed.packedAt.toISOString() }
      },
    )
  }
}
