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
import { EXAMPLE_IDS, EXAMPLE_PRODUCER } from '../../plugins/api-examples.ts'

const adminProducer = {
  ...EXAMPLE_PRODUCER,
  id: EXAMPLE_IDS.atkinsonFarms,
  email: 'atkinson.harvest@example.com',
  active: true,
  productCount: 10,
  createdAt: '2026-09-01T14:00:00.000Z',
  updatedAt: '2026-11-27T15:30:00.000Z',
}
const producerParams = ProducerIdParamsSchema.meta({
  examples: [{ id: EXAMPLE_IDS.atkinsonFarms }],
})

/** The admin's producers (docs/product.md#admin); the admin guard covers every route here. */
export function adminProducersRoutes(producers: AdminProducersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/producers',
      {
        schema: {
          summary: 'Every producer, with its harvest e-mail and product count',
          tags: [API_TAG.adminCatalogue],
          response: { 200: AdminProducerListSchema.meta({ examples: [[adminProducer]] }) },
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
          body: ProducerInputSchema.meta({
            examples: [
              {
                name: EXAMPLE_PRODUCER.name,
                slug: EXAMPLE_PRODUCER.slug,
                location: EXAMPLE_PRODUCER.location,
                distance: EXAMPLE_PRODUCER.distance,
                established: EXAMPLE_PRODUCER.established,
                description: EXAMPLE_PRODUCER.description,
                specialties: EXAMPLE_PRODUCER.specialties,
                story: EXAMPLE_PRODUCER.story,
                practices: EXAMPLE_PRODUCER.practices,
                availability: EXAMPLE_PRODUCER.availability,
                deliveryDays: EXAMPLE_PRODUCER.deliveryDays,
                email: 'atkinson.harvest@example.com',
              },
            ],
          }),
          response: {
            201: AdminProducerSchema.meta({ examples: [{ ...adminProducer, productCount: 0 }] }),
            400: ErrorBodySchema,
            409: ErrorBodySchema,
          },
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
          params: producerParams,
          body: ProducerPatchSchema.meta({
            examples: [{ email: 'harvest@atkinsonfarms.example.com', availability: 'Year-round' }],
          }),
          response: {
            200: AdminProducerSchema.meta({
              examples: [{ ...adminProducer, email: 'harvest@atkinsonfarms.example.com' }],
            }),
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
          params: producerParams,
          response: {
            200: AdminDeletedSchema.meta({ examples: [{ message: 'Producer deleted' }] }),
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
