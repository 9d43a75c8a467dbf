import sharp from 'sharp'
import { UPLOAD_IMAGE_WIDTHS, UPLOAD_MAX_PIXELS } from '#shared/schemas/admin.ts'
import { AppError } from '../../app-error.ts'

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp'

/**
 * The image's format from its first bytes (docs/product.md#uploads): the declared Content-Type and
 * the file name do not count. SVG, TIFF, HEIC and everything else are refused.
 */
export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  const starts = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte)
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (
    bytes
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'gif'
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && starts([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp'
  }
  return null
}

export interface ImageVariant {
  /** null for the full-size image (the largest width, never enlarged) */
  readonly width: number | null
  readonly body: Buffer
}

const LARGEST_WIDTH = Math.max(...UPLOAD_IMAGE_WIDTHS)

/**
 * Checks an uploaded image and re-encodes it as WebP at the widths the pages use: 415 when the
 * bytes are not JPEG, PNG, GIF or WebP (or not a readable image), 422 past 40 megapixels. The
 * size is read from the header before anything is decoded, so a small file claiming a huge
 * canvas costs nothing. Re-encoding drops EXIF and every other piece of metadata (a phone's
 * location included) after turning the picture upright.
 */
export async function encodeProductImage(bytes: Buffer): Promise<ImageVariant[]> {
  const format = detectImageFormat(bytes)
  if (!format) throw new AppError('IMAGE_TYPE_INVALID')
  let width: number
  let height: number
  try {
    // the header only: no limit here, so a huge canvas is measured (and refused below)
    // instead of failing as unreadable
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
    if (metadata.format !== format) {
      throw new Error(`bytes of ${format} read as ${metadata.format}`)
    }
    width = metadata.width
    height = metadata.height
  } catch {
    throw new AppError('IMAGE_TYPE_INVALID')
  }
  if (width * height > UPLOAD_MAX_PIXELS) throw new AppError('IMAGE_TOO_MANY_PIXELS')

  // the limit again where decoding happens, should a header ever under-report
  const upright = sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS }).autoOrient()
  const encode = (targetWidth: number) =>
    upright
      .clone()
      .resize({ width: targetWidth, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
  try {
    return await Promise.all(
      UPLOAD_IMAGE_WIDTHS.map(async (targetWidth) => ({
        width: targetWidth === LARGEST_WIDTH ? null : targetWidth,
        body: await encode(targetWidth),
      })),
    )
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('IMAGE_TOO_MANY_PIXELS')
    }
    throw new AppError('IMAGE_TYPE_INVALID') // a header that reads but a body that does not
  }
}
