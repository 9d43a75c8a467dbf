import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { isServedZip } from '#shared/domain/service-area.ts'
import { ErrorBodySchema } from '#shared/errors.ts'
import { ServiceAreaResultSchema, ZipParamsSchema } from '#shared/schemas/service-area.ts'

/**
 * The header's zip check (docs/product.md#service-area): the same shared list registration and
 * checkout use.
 */
export const serviceAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/service-area/:zip',
    {
      schema: {
        params: ZipParamsSchema,
        response: { 200: ServiceAreaResultSchema, 400: ErrorBodySchema },
      },
    },
    (request) => ({ isValid: isServedZip(request.params.zip), zipCode: request.params.zip }),
  )
}
