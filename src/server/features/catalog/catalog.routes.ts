import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  ProducerListSchema,
  ProducerSchema,
  ProducerSlugParamsSchema,
} from '#shared/schemas/producer.ts'
import {
  ProductIdParamsSchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductSchema,
} from '#shared/schemas/product.ts'
import { sendCachedJson } from '../../http/send-cached-json.ts'
import type { CatalogService } from './catalog.service.ts'

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/products',
      {
        schema: {
          querystring: ProductListQuerySchema,
          response: { 200: ProductListSchema, 400: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        sendCachedJson(request, reply, await catalog.listProducts(request.query)),
    )

    app.get(
      '/api/products/:id',
      {
        schema: {
          params: ProductIdParamsSchema,
          response: { 200: ProductSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        sendCachedJson(request, reply, await catalog.getProduct(request.params.id)),
    )

    app.get(
      '/api/products/:id/box-choices',
      {
        schema: {
          params: ProductIdParamsSchema,
          response: { 200: ProductListSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        sendCachedJson(request, reply, await catalog.boxChoices(request.params.id)),
    )

    app.get(
      '/api/producers',
      { schema: { response: { 200: ProducerListSchema } } },
      async (request, reply) => sendCachedJson(request, reply, await catalog.listProducers()),
    )

    app.get(
      '/api/producers/:slug',
      {
        schema: {
          params: ProducerSlugParamsSchema,
          response: { 200: ProducerSchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        sendCachedJson(request, reply, await catalog.getProducer(request.params.slug)),
    )
  }
}
