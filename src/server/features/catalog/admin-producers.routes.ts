import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { AdminDeletedSchema } from '#shared/schemas/admin.ts'
import {
  AdminProducerListSchema,
  AdminProducerSchema,
  ProducerIdParamsSchema,
  ProducerInputSchema,
  ProducerPatchSchema,
} from '#shared/schemas/producer.ts'
import type { AdminProducersService } from './admin-producers.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

/** The admin's producers (docs/product.md#admin); the admin guard covers every route here. */
export function adminProducersRoutes(producers: AdminProducersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/producers',
      {
        schema: {
          summary: 'Every producer, with its harvest e-mail and product count',
          tags: [API_TAG.adminCatalogue],
          response: { 200: AdminProducerListSchema },
        },
      },
      () => producers.list(),
    )

    app.post(
      '/api/admin/producers',
      {
        schema: {
          summary: 'Add a producer',
          tags: [API_TAG.adminCatalogue],
          body: ProducerInputSchema,
          response: { 201: AdminProducerSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await producers.create(request.body)),
    )

    app.patch(
      '/api/admin/producers/:id',
      {
        schema: {
          summary: 'Change a producer (merged with it and checked whole)',
          tags: [API_TAG.adminCatalogue],
          params: ProducerIdParamsSchema,
          body: ProducerPatchSchema,
          response: {
            200: AdminProducerSchema,
            400: ErrorBodySchema,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
          },
        },
      },
      (request) => producers.update(request.params.id, request.body),
    )

    app.delete(
      '/api/admin/producers/:id',
      {
        schema: {
          summary: 'Delete a producer that no product names',
          tags: [API_TAG.adminCatalogue],
          params: ProducerIdParamsSchema,
          response: {
            200: AdminDeletedSchema,
            400: ErrorBodySchema,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
          },
        },
      },
      (request) => producers.remove(request.params.id),
    )
  }
}
