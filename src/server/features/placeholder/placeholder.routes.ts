import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API_TAG, textAnswer } from '../../plugins/api-reference.ts'
import { placeholderSvg } from './placeholder-svg.ts'

export const PLACEHOLDER_MAX_SIDE = 2000
const MESSAGE = 'Width and height must be whole numbers'
/** a whole number, clamped to 1..2000 (docs/decisions/0005-placeholder-size-bounds.md) */
const Side = z
  .string()
  .regex(/^-?\d+$/, MESSAGE)
  .transform((side) => Math.min(PLACEHOLDER_MAX_SIDE, Math.max(1, Number(side))))
const PlaceholderParamsSchema = z.strictObject({ width: Side, height: Side })

export const placeholderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/placeholder/:width/:height',
    {
      schema: {
        summary: 'A placeholder picture (SVG) of the given width and height',
        tags: [API_TAG.pages],
        params: PlaceholderParamsSchema.meta({ examples: [{ width: '400', height: '300' }] }),
        response: { 200: textAnswer('image/svg+xml', 'The picture (SVG)') },
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(placeholderSvg(request.params.width, request.params.height)),
  )
}
