import type { Readable } from 'node:stream'

/**
 * The image storage port (docs/product.md#uploads): where re-encoded product images are kept and
 * served from. Two adapters: the local disk under DATA_DIR/uploads (the app receives the bytes
 * itself, on a signed PUT URL) and S3 or any S3-compatible store (the browser PUTs the bytes
 * straight to the store on a pre-signed URL, and the app checks them afterwards).
 *
 * Images are named by the server: `<uuid>.webp` and `<uuid>-<width>.webp`, never a client's name.
 */
export interface ImageStorage {
  readonly kind: 'disk' | 's3'
  /**
   * An origin other than the shop's own that the browser must reach (the store's direct PUT),
   * for the Content-Security-Policy's connect-src; null when everything goes through the app.
   * Images never need it: both stores serve them at the app's `/uploads/<name>`.
   */
  readonly browserOrigin: string | null
  /** Keeps a finished image (public, never changed again under this name). */
  putImage(fileName: string, body: Buffer): Promise<void>
  /** The stored image, or null when there is none by that name. */
  openImage(fileName: string): Promise<StoredImage | null>
  /** The address pages load the image from (a product's imageUrl): `/uploads/<name>`. */
  imageUrl(fileName: string): string
  /** Direct uploads to the store, checked after the fact; null when the app receives the bytes. */
  readonly incoming: IncomingUploads | null
}

export interface StoredImage {
  readonly body: Readable
  readonly size: number | undefined
}

/** Objects the browser wrote straight to the store, waiting for the server's checks. */
export interface IncomingUploads {
  /**
   * A PUT URL for one object, signed for exactly this Content-Type and Content-Length when the
   * page said them (the complete step checks the bytes either way).
   */
  presignPut(
    key: string,
    upload: { contentType?: string; size?: number; expiresInSeconds: number },
  ): Promise<string>
  /** The uploaded object as a stream with its size, or null when nothing was uploaded. */
  open(key: string): Promise<StoredImage | null>
  remove(key: string): Promise<void>
}

/** The only names images are stored under: `<uuid>.webp` or `<uuid>-<width>.webp`. */
export const IMAGE_FILE_NAME = /^[0-9a-f-]{36}(-\d+)?\.webp$/

export function assertImageFileName(fileName: string) {
  if (!IMAGE_FILE_NAME.test(fileName)) throw new Error(`not an image file name: ${fileName}`)
}
