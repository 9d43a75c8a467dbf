import path from 'node:path'
import { createDiskImageStorage } from './disk-storage.ts'
import type { ImageStorage } from './port.ts'
import { createS3ImageStorage, type S3StorageOptions } from './s3-storage.ts'

export type { ImageStorage, IncomingUploads, StoredImage } from './port.ts'

/** S3 when S3_BUCKET is set, otherwise files under DATA_DIR/uploads (docs/product.md#uploads). */
export function createImageStorage({
  s3,
  dataDir,
}: {
  s3: S3StorageOptions | undefined
  dataDir: string
}): ImageStorage {
  return s3
    ? createS3ImageStorage(s3)
    : createDiskImageStorage({ directory: path.join(dataDir, 'uploads') })
}
