import { z } from 'zod'
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
import { API_TAG } from '../../plugins/api-reference.ts'

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
          params: WeekParamsSchema,
          response: { 200: WeekSummarySchema, ...errors },
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
          params: WeekParamsSchema,
          response: { 200: HarvestSchema, ...errors },
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
          params: WeekParamsSchema,
          response: { 200: z.string(), ...errors },
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
          params: HarvestSendParamsSchema,
          response: { 200: HarvestSentSchema, ...errors },
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
          params: WeekParamsSchema,
          response: { 200: PickListSchema, ...errors },
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
          params: WeekParamsSchema,
          response: { 200: PackingSlipsSchema, ...errors },
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
          params: WeekParamsSchema,
          response: { 200: WeekShortfallsSchema, ...errors },
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
          params: AdminIdParamsSchema,
          response: { 200: PackedSchema, ...errors },
        },
      },
      async (request) => {
        const packed = await orders.markPacked(request.params.id, adminCallerOf(request))
        return { ...packed, packedAt: packed.packedAt.toISOString() }
      },
    )
  }
}
