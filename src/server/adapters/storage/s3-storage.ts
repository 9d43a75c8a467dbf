import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { assertImageFileName, type ImageStorage, type StoredImage } from './port.ts'

export interface S3StorageOptions {
  readonly bucket: string
  readonly region: string
  /** an S3-compatible store (MinIO, R2, …): path-style addresses under this URL */
  readonly endpoint?: string | undefined
  /** without them, the SDK's default chain (environment, instance role, …) */
  readonly accessKeyId?: string | undefined
  readonly secretAccessKey?: string | undefined
}

/**
 * Images in an S3 bucket (or any S3-compatible store with S3_ENDPOINT).
 *
 * - The browser PUTs to `incoming/<uuid>` on a URL pre-signed for 5 minutes with the declared
 *   Content-Type and Content-Length as signed headers, so the store itself refuses another type
 *   or size. The app then reads the object, checks and re-encodes it, and deletes it.
 * - Finished images are `images/<uuid>[-<width>].webp`, immutable. Pages load them from the
 *   app's own `/uploads/<name>` (as with the disk store), which reads them through `openImage`
 *   and answers with the immutable cache header, so a CDN in front does the caching. The bucket
 *   can then stay private, a plain-http S3-compatible store works too, and product imageUrl
 *   checks, srcset and the CSP's img-src see one kind of address. The bucket's CORS must allow
 *   a PUT from the shop's origin with the Content-Type header.
 * - The store's address (with an endpoint `<endpoint>/<bucket>/…`, path style as most
 *   S3-compatible stores want, else `https://<bucket>.s3.<region>.amazonaws.com/…`) is only
 *   the browser's PUT target: `browserOrigin`, for the CSP's connect-src.
 */
export function createS3ImageStorage(options: S3StorageOptions): ImageStorage {
  const { bucket } = options
  const endpoint = options.endpoint?.replace(/\/+$/, '')
  const client = new S3Client({
    region: options.region,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
    // otherwise the SDK signs a checksum of an empty body into the URL, which a browser's PUT
    // of the real bytes cannot match
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const storeBase = endpoint
    ? `${endpoint}/${bucket}`
    : `https://${bucket}.s3.${options.region}.amazonaws.com`

  const open = async (key: string): Promise<StoredImage | null> => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      if (!object.Body) return null
      return { body: object.Body as Readable, size: object.ContentLength }
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }
  const imageKey = (fileName: string) => {
    assertImageFileName(fileName)
    return `images/${fileName}`
  }

  return {
    kind: 's3',
    browserOrigin: new URL(storeBase).origin,
    async putImage(fileName, body) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: imageKey(fileName),
          Body: body,
          ContentType: 'image/webp',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      )
    },
    openImage: (fileName) => open(imageKey(fileName)),
    imageUrl: (fileName) => {
      assertImageFileName(fileName)
      return `/uploads/${fileName}`
    },
    incoming: {
      presignPut: async (key, upload) =>
        getSignedUrl(
          client,
          new PutObjectCommand({
            Bucket: bucket,
            Key: incomingKey(key),
            ContentType: upload.contentType,
            ContentLength: upload.size,
          }),
          {
            expiresIn: upload.expiresInSeconds,
            // the presigner leaves Content-Type unsigned by default; signed, the store refuses
            // a PUT of another type or length than the page announced
            signableHeaders: new Set([
              ...(upload.contentType ? ['content-type'] : []),
              ...(upload.size ? ['content-length'] : []),
            ]),
          },
        ),
      open: (key) => open(incomingKey(key)),
      async remove(key) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: incomingKey(key) }))
      },
    },
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function incomingKey(key: string) {
  if (!UUID.test(key)) throw new Error(`not an upload key: ${key}`)
  return `incoming/${key}`
}

function isMissing(error: unknown) {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  )
}
