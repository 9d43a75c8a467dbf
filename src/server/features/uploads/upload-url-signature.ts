import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The disk store's upload URLs are signed like S3's pre-signed ones: the signature over the
 * ticket id and expiry is the authority, so the PUT needs no session. The key is derived from
 * the session secret, so one secret serves both and neither signature can stand in for the other.
 */
export function uploadSigningKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('houston-farm-to-door upload urls').digest()
}

export function signUpload(key: Buffer, ticketId: string, expires: number): string {
  return createHmac('sha256', key).update(`${ticketId}:${expires}`).digest('hex')
}

export function hasValidUploadSignature(
  key: Buffer,
  ticketId: string,
  expires: number,
  signature: string,
): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false
  return timingSafeEqual(
    Buffer.from(signUpload(key, ticketId, expires), 'hex'),
    Buffer.from(signature, 'hex'),
  )
}
