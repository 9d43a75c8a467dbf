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
import { API_TAG } from '../../plugins/api-reference.ts'
import {
  EXAMPLE_BOX_PRODUCT,
  EXAMPLE_IDS,
  EXAMPLE_PRODUCER,
  EXAMPLE_PRODUCT,
} from '../../plugins/api-examples.ts'

const productParams = ProductIdParamsSchema.meta({ examples: [{ id: EXAMPLE_IDS.tomatoes }] })
const boxParams = ProductIdParamsSchema.meta({ examples: [{ id: EXAMPLE_IDS.harvestBox }] })

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/products',
      {
        schema: {
          summary: 'The catalogue, filtered, searched and sorted',
          tags: [API_TAG.catalogue],
          querystring: ProductListQuerySchema.meta({
            examples: [{ category: 'produce', tags: 'local,gluten-free', maxPrice: '10.00' }],
          }),
          response: {
            200: ProductListSchema.meta({ examples: [[EXAMPLE_PRODUCT, EXAMPLE_BOX_PRODUCT]] }),
            400: ErrorBodySchema,
          },
        },
      },
      async (request, reply) =>
        sendCachedJson(request, reply, await catalog.listProducts(request.query)),
    )

    app.get(
      '/api/products/:id',
      {
        schema: {
          summary: 'One product',
          tags: [API_TAG.catalogue],
          params: productParams,
          response: {
            200: ProductSchema.meta({ examples: [EXAMPLE_PRODUCT] }),
            400: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request, reply) =>
        sendCachedJson(request, reply, await catalog.getProduct(request.params.id)),
    )

    app.get(
      '/api/products/:id/box-choices',
      {
        schema: {
          summary: 'What a farm box’s builder offers',
          tags: [API_TAG.catalogue],
          params: boxParams,
          response: {
            200: ProductListSchema.meta({ examples: [[EXAMPLE_PRODUCT]] }),
            400: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request, reply) =>
        sendCachedJson(request, reply, await catalog.boxChoices(request.params.id)),
    )

    app.get(
      '/api/producers',
      {
        schema: {
          summary: 'The active producers, in display order',
          tags: [API_TAG.catalogue],
          response: { 200: ProducerListSchema.meta({ examples: [[EXAMPLE_PRODUCER]] }) },
        },
      },
      async (request, reply) => sendCachedJson(request, reply, await catalog.listProducers()),
    )

    app.get(
      '/api/producers/:slug',
      {
        schema: {
          summary: 'One active producer’s page',
          tags: [API_TAG.catalogue],
          params: ProducerSlugParamsSchema.meta({ examples: [{ slug: 'atkinson-farms' }] }),
          response: {
            200: ProducerSchema.meta({ examples: [EXAMPLE_PRODUCER] }),
            404: ErrorBodySchema,
          },
        },
      },
      async (request, reply) =>
        sendCachedJson(request, reply, await catalog.getProducer(request.params.slug)),
    )
  }
}
