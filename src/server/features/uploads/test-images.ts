import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** Images for the upload tests, made on the spot. */

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 60 } } })

export const pngOf = (width: number, height: number) => solid(width, height).png().toBuffer()
export const jpegOf = (width: number, height: number) => solid(width, height).jpeg().toBuffer()
export const gifOf = (width: number, height: number) => solid(width, height).gif().toBuffer()
export const webpOf = (width: number, height: number) => solid(width, height).webp().toBuffer()

/** A JPEG stored sideways with an EXIF orientation (6: turn 90° clockwise to view). */
export const sidewaysJpegOf = (width: number, height: number) =>
  solid(width, height).jpeg().withMetadata({ orientation: 6 }).toBuffer()

/**
 * A valid PNG of a few hundred bytes whose header (IHDR, with a correct CRC) claims
 * width × height pixels: decoding it would need gigabytes, reading its header nothing.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(typeAndData))
    return Buffer.concat([length, typeAndData, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(2, 9) // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))), // the first rows only
    chunk('IEND', Buffer.alloc(0)),
  ])
}
