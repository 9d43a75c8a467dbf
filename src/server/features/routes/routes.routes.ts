import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  DeliveryRouteSchema,
  RouteIdParamsSchema,
  RouteInputSchema,
  RouteListSchema,
  RouteWithStopsSchema,
  SaturdayParamsSchema,
  StopOrderInputSchema,
  WeekRouteParamsSchema,
  WeekRoutesSchema,
} from '#shared/schemas/routes.ts'
import type { RoutesService } from './routes.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
}

/** The admin's routes and the Saturday's stops (docs/product.md#routes); the admin guard covers /api/admin. */
export function adminRoutesRoutes(routes: RoutesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/routes',
      {
        schema: {
          summary: 'The delivery routes, their ZIP prefixes and drivers',
          tags: [API_TAG.adminRoutes],
          response: { 200: RouteListSchema, ...errors },
        },
      },
      () => routes.list(),
    )

    app.post(
      '/api/admin/routes',
      {
        schema: {
          summary: 'Draw a delivery route',
          tags: [API_TAG.adminRoutes],
          body: RouteInputSchema,
          response: { 201: DeliveryRouteSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await routes.create(request.body)),
    )

    app.put(
      '/api/admin/routes/:id',
      {
        schema: {
          summary: 'Change a delivery route',
          tags: [API_TAG.adminRoutes],
          params: RouteIdParamsSchema,
          body: RouteInputSchema,
          response: { 200: DeliveryRouteSchema, ...errors },
        },
      },
      (request) => routes.update(request.params.id, request.body),
    )

    app.delete(
      '/api/admin/routes/:id',
      {
        schema: {
          summary: 'Delete a delivery route',
          tags: [API_TAG.adminRoutes],
          params: RouteIdParamsSchema,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      (request) => routes.remove(request.params.id),
    )

    app.get(
      '/api/admin/week/:saturday/routes',
      {
        schema: {
          summary: 'The Saturday’s routes with their stops in order',
          tags: [API_TAG.adminRoutes],
          params: SaturdayParamsSchema,
          response: { 200: WeekRoutesSchema, ...errors },
        },
      },
      async (request, reply) => {
        // customers' names and addresses: no shared or browser cache keeps a copy
        void reply.header('cache-control', 'no-store')
        return routes.week(request.params.saturday)
      },
    )

    app.put(
      '/api/admin/week/:saturday/routes/:id/stops',
      {
        schema: {
          summary: 'Set the order of a route’s stops for the Saturday',
          tags: [API_TAG.adminRoutes],
          params: WeekRouteParamsSchema,
          body: StopOrderInputSchema,
          response: { 200: RouteWithStopsSchema, ...errors },
        },
      },
      (request) =>
        routes.saveStops(request.params.saturday, request.params.id, request.body.orderIds),
    )

    app.get(
      '/api/admin/week/:saturday/routes.csv',
      {
        schema: {
          summary: 'The Saturday’s routes as a CSV file for route planners',
          tags: [API_TAG.adminRoutes],
          params: SaturdayParamsSchema,
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const csv = await routes.weekCsv(request.params.saturday)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.fileName}"`)
          .header('cache-control', 'no-store')
          .send(csv.body)
      },
    )
  }
}
