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

/** The admin's producers (docs/product.md#admin); the admin guard covers every route here. */
export function adminProducersRoutes(producers: AdminProducersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/producers',
      { schema: { response: { 200: AdminProducerListSchema } } },
      () => producers.list(),
    )

    app.post(
      '/api/admin/producers',
      {
        schema: {
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
