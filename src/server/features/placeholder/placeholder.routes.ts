import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { placeholderSvg } from './placeholder-svg.ts'

const MESSAGE = 'Width and height must be whole numbers from 1 to 2000'
const Side = z.coerce.number({ error: MESSAGE }).int(MESSAGE).min(1, MESSAGE).max(2000, MESSAGE)
const PlaceholderParamsSchema = z.strictObject({ width: Side, height: Side })

export const placeholderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/placeholder/:width/:height',
    // no response schema: the answer is SVG, not JSON (errors go through the error handler)
    { schema: { params: PlaceholderParamsSchema } },
    (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(placeholderSvg(request.params.width, request.params.height)),
  )
}
