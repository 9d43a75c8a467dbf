import type { Socket } from 'node:net'
import { Readable } from 'node:stream'
import { z } from 'zod'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  UploadUrlInputSchema,
  UploadUrlSchema,
  UploadedImageSchema,
} from '#shared/schemas/admin.ts'
import { AppError } from '../../app-error.ts'
import { adminCallerOf } from '../../plugins/admin-guard.ts'
import type { UploadsService } from './uploads.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

/** a picture for the heirloom tomatoes, uploaded to the local disk store */
const OBJECT_KEY = '2b4d6f8a-0c1e-4a3b-9d5f-7a9c1e3b5d60'
const TICKET_ID = 'f1a3c5e7-9b2d-4f6a-8c0e-3a5c7e9b1d42'
const EXPIRES = '1796137500'
const SIGNATURE = '50d858e0985ecc7f60418aaf0cc5ab587f42c2570a884095a9e8ccacd0f6545c'
const uploadedImage = UploadedImageSchema.meta({
  examples: [{ objectPath: `/uploads/${OBJECT_KEY}.webp` }],
})

const IMAGE_ERRORS = {
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  422: ErrorBodySchema,
}

export function uploadsRoutes(uploads: UploadsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(async (scope) => {
      // the call may come with no body, or with an empty one labelled JSON (docs/product.md#uploads)
      const parseJson = scope.getDefaultJsonParser('error', 'error')
      scope.removeContentTypeParser('application/json')
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'string' },
        (request, body, done) => {
          if (typeof body === 'string' && body.trim() === '') done(null, undefined)
          else void parseJson(request, body.toString(), done)
        },
      )
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/admin/upload-url',
        {
          schema: {
            summary: 'A single-use URL to upload a picture to, valid for 5 minutes',
            tags: [API_TAG.uploads],
            body: UploadUrlInputSchema.meta({
              examples: [{ contentType: 'image/jpeg', size: 2_483_112 }],
            }),
            response: {
              200: UploadUrlSchema.meta({
                examples: [
                  {
                    uploadURL: `/api/uploads/${TICKET_ID}?expires=${EXPIRES}&signature=${SIGNATURE}`,
                    objectPath: `/uploads/${OBJECT_KEY}.webp`,
                    completeURL: null,
                  },
                ],
              }),
              400: ErrorBodySchema,
            },
          },
        },
        (request) => uploads.createUploadUrl(request.body, adminCallerOf(request)),
      )
    })

    app.post(
      '/api/admin/uploads/:objectKey/complete',
      {
        schema: {
          summary: 'Check and convert a picture uploaded to S3',
          tags: [API_TAG.uploads],
          params: z
            .strictObject({ objectKey: z.uuid('Id must be a UUID') })
            .meta({ examples: [{ objectKey: OBJECT_KEY }] }),
          response: {
            200: uploadedImage,
            400: ErrorBodySchema,
            404: ErrorBodySchema,
            ...IMAGE_ERRORS,
          },
        },
      },
      (request) => uploads.completeUpload(request.params.objectKey),
    )

    app.get(
      '/uploads/:file',
      {
        schema: {
          summary: 'A product or producer picture (WebP)',
          tags: [API_TAG.uploads],
          params: z
            .object({ file: z.string() })
            .meta({ examples: [{ file: `${OBJECT_KEY}-800.webp` }] }),
          // the file's bytes, streamed (Fastify never serializes a stream)
          response: {
            200: {
              description: 'The picture (WebP)',
              content: {
                'image/webp': {
                  schema: z
                    .custom<Readable>((body) => body instanceof Readable)
                    .meta({ type: 'string' }),
                },
              },
            },
            404: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const image = await uploads.openImage(request.params.file)
        if (!image) throw new AppError('NOT_FOUND')
        void reply
          .type('image/webp')
          // a name is never reused for other bytes: a new upload gets a new UUID
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
        if (image.size !== undefined) void reply.header('content-length', image.size)
        return reply.send(image.body)
      },
    )

    await app.register(receiveUploadRoute(uploads))
  }
}

/**
 * The disk store's upload URL: not under /api/admin, because its signature is the authority
 * (as with S3's pre-signed URLs). In a scope of its own, every content type is accepted and left
 * unread, so neither the app's 1 MB JSON limit nor a parser touches the body: the service reads
 * the raw stream, and stops at the ticket's size.
 */
function receiveUploadRoute(uploads: UploadsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', (_request, _payload, done) => done(null))

    app.put(
      '/api/uploads/:ticketId',
      {
        schema: {
          summary: 'Send a picture’s bytes to an upload URL (local disk storage)',
          tags: [API_TAG.uploads],
          params: z.object({ ticketId: z.string() }).meta({ examples: [{ ticketId: TICKET_ID }] }),
          // anything wrong in the URL is a tampered URL: 403 from the service, not 400
          querystring: z
            .object({
              expires: z.string().max(20).optional(),
              signature: z.string().max(200).optional(),
            })
            .meta({ examples: [{ expires: EXPIRES, signature: SIGNATURE }] }),
          response: {
            200: uploadedImage,
            400: ErrorBodySchema,
            403: ErrorBodySchema,
            ...IMAGE_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const length = request.headers['content-length']
        try {
          return await uploads.receiveUpload({
            ticketId: request.params.ticketId,
            expires: request.query.expires,
            signature: request.query.signature,
            contentLength: length === undefined ? undefined : Number(length),
            body: request.raw,
          })
        } catch (error) {
          if (!request.raw.complete) {
            // refused before the whole body came: do not wait for (or keep) the rest of it
            void reply.header('connection', 'close')
            request.raw.resume()
            lingerBeforeClosing(request.raw.socket)
          }
          throw error
        }
      },
    )
  }
}

const LINGER_MS = 2_000

/**
 * The client may still be sending the refused body when the answer goes. Closing a socket with
 * unread data resets the connection (RST), and a reset can destroy the answer before the client
 * has read it: the shopper would see a network error instead of "too large". So the socket is
 * closed the way web servers do it (a lingering close): the answer is sent and the write side
 * ended, and what still comes in is read and dropped for up to two seconds before the socket goes.
 */
function lingerBeforeClosing(socket: Socket) {
  // node's HTTP server calls destroySoon() once a `connection: close` answer is written
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end()
    this.resume()
    setTimeout(() => this.destroy(), LINGER_MS).unref()
  }
}
