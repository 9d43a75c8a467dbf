import { afterEach, describe, expect, test, vi } from 'vitest'
import { createS3ImageStorage } from './s3-storage.ts'

/** Pre-signed URLs checked for shape and signed headers, without a network. */

const KEY = '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f'
const credentials = { accessKeyId: 'AKIAFAKEFAKEFAKE', secretAccessKey: 'fake/secret/key' }
const upload = { contentType: 'image/png', size: 123_456, expiresInSeconds: 300 }

afterEach(() => {
  vi.useRealTimers()
})

function presign(
  options: { endpoint?: string } = {},
  input: Partial<typeof upload> = {},
): Promise<URL> {
  const storage = createS3ImageStorage({
    bucket: 'shop-images',
    region: 'us-east-1',
    ...credentials,
    ...options,
  })
  if (!storage.incoming) throw new Error('the S3 store takes direct uploads')
  return storage.incoming.presignPut(KEY, { ...upload, ...input }).then((url) => new URL(url))
}

describe('the S3 adapter’s pre-signed PUT', () => {
  test('with an endpoint: path style, the incoming key, 5 minutes, type and length signed', async () => {
    const url = await presign({ endpoint: 'http://127.0.0.1:9000' })
    expect(url.origin).toBe('http://127.0.0.1:9000')
    expect(url.pathname).toBe(`/shop-images/incoming/${KEY}`)
    const query = url.searchParams
    expect(query.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256')
    expect(query.get('X-Amz-Expires')).toBe('300')
    expect(query.get('X-Amz-Credential')).toMatch(
      /^AKIAFAKEFAKEFAKE\/\d{8}\/us-east-1\/s3\/aws4_request$/,
    )
    expect(query.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    )
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
    // no checksum of an empty body that the browser's PUT could not match
    expect([...query.keys()].filter((name) => /checksum/i.test(name))).toEqual([])
  })

  test('without an endpoint: the bucket’s AWS host', async () => {
    const url = await presign()
    expect(url.origin).toBe('https://shop-images.s3.us-east-1.amazonaws.com')
    expect(url.pathname).toBe(`/incoming/${KEY}`)
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300')
  })

  test('the signature covers the declared type and length', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T16:00:00Z') })
    const signatureOf = async (input: Partial<typeof upload>) =>
      (await presign({}, input)).searchParams.get('X-Amz-Signature')
    const original = await signatureOf({})
    expect(await signatureOf({})).toBe(original)
    expect(await signatureOf({ size: upload.size + 1 })).not.toBe(original)
    expect(await signatureOf({ contentType: 'image/jpeg' })).not.toBe(original)
  })

  test('refuses a key that is not a server-made UUID', async () => {
    const storage = createS3ImageStorage({ bucket: 'b', region: 'us-east-1', ...credentials })
    await expect(storage.incoming?.presignPut('../images/x', upload)).rejects.toThrow()
  })

  test('images are addressed at the app’s /uploads/; only the PUT needs the store’s origin', () => {
    const aws = createS3ImageStorage({ bucket: 'shop-images', region: 'us-east-2', ...credentials })
    expect(aws.imageUrl(`${KEY}.webp`)).toBe(`/uploads/${KEY}.webp`)
    expect(aws.browserOrigin).toBe('https://shop-images.s3.us-east-2.amazonaws.com')
    const minio = createS3ImageStorage({
      bucket: 'shop-images',
      region: 'us-east-1',
      endpoint: 'http://localhost:9000/',
      ...credentials,
    })
    expect(minio.imageUrl(`${KEY}-400.webp`)).toBe(`/uploads/${KEY}-400.webp`)
    expect(minio.browserOrigin).toBe('http://localhost:9000')
    expect(() => minio.imageUrl('../secrets.txt')).toThrow()
  })
})
