import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { AdminDeletedSchema } from '#shared/schemas/admin.ts'
import {
  AdminProductListQuerySchema,
  AdminProductListSchema,
  AdminProductSchema,
  BoxChoicesSchema,
  ProductIdParamsSchema,
  ProductInputSchema,
  ProductPatchSchema,
} from '#shared/schemas/product.ts'
import type { AdminProductsService } from './admin-products.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import { EXAMPLE_IDS, EXAMPLE_PRODUCT } from '../../plugins/api-examples.ts'

const adminProduct = {
  ...EXAMPLE_PRODUCT,
  producerId: EXAMPLE_IDS.atkinsonFarms,
  producerActive: true,
}
const productParams = ProductIdParamsSchema.meta({ examples: [{ id: EXAMPLE_IDS.tomatoes }] })
const boxParams = ProductIdParamsSchema.meta({ examples: [{ id: EXAMPLE_IDS.harvestBox }] })
const boxChoices = BoxChoicesSchema.meta({
  examples: [{ productIds: [EXAMPLE_IDS.tomatoes, EXAMPLE_IDS.sweetPotatoes] }],
})

/** The admin's products (docs/product.md#admin); the admin guard covers every route here. */
export function adminProductsRoutes(products: AdminProductsService): FastifyPluginAsyncZod {
  /** the producer named as `farmSource` becomes `producerId` before the body is checked */
  const producerFromFarmSource = async (request: FastifyRequest) => {
    request.body = await products.withProducerIdOfFarmSource(request.body)
  }

  return async (app) => {
    app.get(
      '/api/admin/products',
      {
        schema: {
          summary: 'Every product, searched by name or farm and filtered by category',
          tags: [API_TAG.adminCatalogue],
          querystring: AdminProductListQuerySchema.meta({
            examples: [{ search: 'tomato', category: 'produce' }],
          }),
          response: {
            200: AdminProductListSchema.meta({ examples: [[adminProduct]] }),
            400: ErrorBodySchema,
          },
        },
      },
      (request) => products.list(request.query),
    )

    app.post(
      '/api/admin/products',
      {
        schema: {
          summary: 'Add a product',
          tags: [API_TAG.adminCatalogue],
          body: ProductInputSchema.meta({
            examples: [
              {
                name: EXAMPLE_PRODUCT.name,
                description: EXAMPLE_PRODUCT.description,
                price: EXAMPLE_PRODUCT.price,
                category: 'produce',
                subcategory: 'vegetables',
                producerId: EXAMPLE_IDS.atkinsonFarms,
                stockCount: '1 lb',
                seasonal: true,
                tags: ['local', 'gluten-free'],
              },
            ],
          }),
          response: {
            201: AdminProductSchema.meta({ examples: [adminProduct] }),
            400: ErrorBodySchema,
          },
        },
        preValidation: producerFromFarmSource,
      },
      async (request, reply) => reply.status(201).send(await products.create(request.body)),
    )

    app.patch(
      '/api/admin/products/:id',
      {
        schema: {
          summary: 'Change a product (merged with it and checked whole)',
          tags: [API_TAG.adminCatalogue],
          params: productParams,
          body: ProductPatchSchema.meta({ examples: [{ price: '7.00', inStock: false }] }),
          response: {
            200: AdminProductSchema.meta({
              examples: [{ ...adminProduct, price: '7.00', inStock: false }],
            }),
            400: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
        preValidation: producerFromFarmSource,
      },
      (request) => products.update(request.params.id, request.body),
    )

    app.get(
      '/api/admin/products/:id/box-choices',
      {
        schema: {
          summary: 'A farm box’s own list of choices',
          tags: [API_TAG.adminCatalogue],
          params: boxParams,
          response: { 200: boxChoices, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      (request) => products.boxChoices(request.params.id),
    )

    app.put(
      '/api/admin/products/:id/box-choices',
      {
        schema: {
          summary: 'Set a farm box’s own list of choices (empty: its filling category)',
          tags: [API_TAG.adminCatalogue],
          params: boxParams,
          body: boxChoices,
          response: { 200: boxChoices, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      (request) => products.setBoxChoices(request.params.id, request.body),
    )

    app.delete(
      '/api/admin/products/:id',
      {
        schema: {
          summary: 'Delete a product',
          tags: [API_TAG.adminCatalogue],
          params: productParams,
          response: {
            200: AdminDeletedSchema.meta({ examples: [{ message: 'Product deleted' }] }),
            400: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      (request) => products.remove(request.params.id),
    )
  }
}
