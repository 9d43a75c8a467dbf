import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { isServedZip } from '#shared/domain/service-area.ts'
import { ErrorBodySchema } from '#shared/errors.ts'
import { ServiceAreaResultSchema, ZipParamsSchema } from '#shared/schemas/service-area.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

/**
 * The header's zip check (docs/product.md#service-area): the same shared list registration and
 * checkout use.
 */
export const serviceAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/service-area/:zip',
    {
      schema: {
        summary: 'Whether the shop delivers to a ZIP code',
        tags: [API_TAG.serviceArea],
        params: ZipParamsSchema.meta({ examples: [{ zip: '77008' }] }),
        response: {
          200: ServiceAreaResultSchema.meta({ examples: [{ isValid: true, zipCode: '77008' }] }),
          400: ErrorBodySchema,
        },
      },
    },
    (request) => ({ isValid: isServedZip(request.params.zip), zipCode: request.params.zip }),
  )
}
