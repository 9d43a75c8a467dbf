import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import {
  UPLOAD_MAX_BYTES,
  type UploadUrl,
  type UploadedImage,
  type UploadUrlInputSchema,
} from '#shared/schemas/admin.ts'
import type { z } from 'zod'
import { AppError } from '../../app-error.ts'
import type { ImageStorage, StoredImage } from '../../adapters/storage/index.ts'
import { IMAGE_FILE_NAME } from '../../adapters/storage/port.ts'
import { encodeProductImage } from './product-image.ts'
import { readWithinLimit } from './read-within-limit.ts'
import type { UploadsRepo } from './uploads.repo.ts'
import { hasValidUploadSignature, signUpload } from './upload-url-signature.ts'

/** upload URLs expire within 5 minutes (docs/product.md#uploads) */
export const UPLOAD_URL_LIFETIME_SECONDS = 300

export interface UploadsServiceDeps {
  readonly repo: UploadsRepo
  readonly storage: ImageStorage
  /** signs the disk store's upload URLs (upload-url-signature.ts) */
  readonly signingKey: Buffer
  readonly now: () => Date
  readonly log: FastifyBaseLogger
}

/** What a PUT to the disk store's upload URL brings. */
export interface ReceivedUpload {
  readonly ticketId: string
  readonly expires: string | undefined
  readonly signature: string | undefined
  /** the Content-Length header, when the body has one */
  readonly contentLength: number | undefined
  readonly body: Readable
}

/**
 * Product images (docs/product.md#uploads): an admin asks for an upload URL, sends the bytes
 * there, and the server keeps only a re-encoded WebP under a name of its own choosing.
 */
export function createUploadsService({ repo, storage, signingKey, now, log }: UploadsServiceDeps) {
  const fullSizeName = (objectKey: string) => `${objectKey}.webp`

  async function storeImage(objectKey: string, bytes: Buffer): Promise<UploadedImage> {
    const variants = await encodeProductImage(bytes)
    await Promise.all(
      variants.map(({ width, body }) =>
        storage.putImage(
          width === null ? fullSizeName(objectKey) : `${objectKey}-${width}.webp`,
          body,
        ),
      ),
    )
    return { objectPath: storage.imageUrl(fullSizeName(objectKey)) }
  }

  return {
    async createUploadUrl(
      input: z.output<typeof UploadUrlInputSchema>,
      caller: { id: string },
    ): Promise<UploadUrl> {
      const objectKey = randomUUID()
      const expiresAt = new Date(now().getTime() + UPLOAD_URL_LIFETIME_SECONDS * 1000)
      const ticket = await repo.createTicket({
        objectKey,
        maxBytes: input.size ?? UPLOAD_MAX_BYTES,
        expiresAt,
        createdBy: caller.id,
      })
      const objectPath = storage.imageUrl(fullSizeName(objectKey))
      if (storage.incoming) {
        const uploadURL = await storage.incoming.presignPut(objectKey, {
          ...(input.contentType ? { contentType: input.contentType } : {}),
          ...(input.size ? { size: input.size } : {}),
          expiresInSeconds: UPLOAD_URL_LIFETIME_SECONDS,
        })
        return { uploadURL, objectPath, completeURL: `/api/admin/uploads/${objectKey}/complete` }
      }
      const expires = Math.floor(expiresAt.getTime() / 1000)
      const signature = signUpload(signingKey, ticket.id, expires)
      return {
        uploadURL: `/api/uploads/${ticket.id}?expires=${expires}&signature=${signature}`,
        objectPath,
        completeURL: null,
      }
    },

    /**
     * The disk store's PUT: 403 unless the URL is genuine, unexpired and unused (it is spent
     * here, whatever follows), 413 past the declared size before or while reading, then the
     * image checks.
     */
    async receiveUpload(upload: ReceivedUpload): Promise<UploadedImage> {
      const expires = Number(upload.expires)
      const genuine =
        !storage.incoming &&
        Number.isSafeInteger(expires) &&
        expires * 1000 > now().getTime() &&
        hasValidUploadSignature(signingKey, upload.ticketId, expires, upload.signature ?? '')
      if (!genuine) throw new AppError('UPLOAD_FORBIDDEN')
      if (upload.contentLength !== undefined && upload.contentLength > UPLOAD_MAX_BYTES) {
        throw new AppError('IMAGE_TOO_LARGE')
      }
      const ticket = await repo.claimUnexpiredTicket(upload.ticketId, now())
      if (!ticket) throw new AppError('UPLOAD_FORBIDDEN')
      const limit = Math.min(ticket.maxBytes, UPLOAD_MAX_BYTES)
      if (upload.contentLength !== undefined && upload.contentLength > limit) {
        throw new AppError('IMAGE_TOO_LARGE')
      }
      return storeImage(ticket.objectKey, await readWithinLimit(upload.body, limit))
    },

    /**
     * A direct upload (S3) is checked once it is in the store: read back (never more than 25
     * MB), checked and re-encoded like the disk store's, and the uploaded original is deleted
     * whatever the outcome. 404 when there is no pending upload under this key. The object is
     * looked for before the ticket is spent, so a completion that comes before the PUT has
     * landed answers 404 and can be tried again.
     */
    async completeUpload(objectKey: string): Promise<UploadedImage> {
      const incoming = storage.incoming
      if (!incoming) throw new AppError('NOT_FOUND')
      const object = await incoming.open(objectKey)
      if (!object) throw new AppError('NOT_FOUND')
      let claimed = false
      try {
        const ticket = await repo.claimTicketByObjectKey(objectKey, now())
        // completed already, or being completed: that completion deletes the original
        if (!ticket) throw new AppError('NOT_FOUND')
        claimed = true
        const limit = Math.min(ticket.maxBytes, UPLOAD_MAX_BYTES)
        if (object.size !== undefined && object.size > limit) throw new AppError('IMAGE_TOO_LARGE')
        return await storeImage(objectKey, await readWithinLimit(object.body, limit))
      } finally {
        object.body.destroy()
        if (claimed) {
          await incoming
            .remove(objectKey)
            .catch((error: unknown) =>
              log.warn({ err: error, objectKey }, 'deleting an uploaded original failed'),
            )
        }
      }
    },

    /** A stored image by its file name; null for any other name or a missing file. */
    async openImage(fileName: string): Promise<StoredImage | null> {
      if (!IMAGE_FILE_NAME.test(fileName)) return null
      return storage.openImage(fileName)
    },
  }
}

export type UploadsService = ReturnType<typeof createUploadsService>
