import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UPLOAD_MESSAGES, UploadUrlSchema, type UploadUrl } from '#shared/schemas/admin.ts'
import { startFakeS3 } from '#tests/fakes/fake-s3-server.ts'
import { createS3ImageStorage } from '#server/adapters/storage/s3-storage.ts'
import { signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '#tests/setup/test-app.ts'
import { pngClaiming, pngOf } from '#tests/fixtures/test-images.ts'

/** The S3 flow end to end against an in-process fake store: presign, browser PUT, complete. */

const BUCKET = 'shop-images'
let s3: Awaited<ReturnType<typeof startFakeS3>>
let shop: TestApp
let admin: Shopper

beforeAll(async () => {
  s3 = await startFakeS3()
  shop = await createTestApp({
    storage: createS3ImageStorage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'AKIAFAKEFAKEFAKE',
      secretAccessKey: 'fake/secret/key',
    }),
  })
  admin = await signUpAdmin(shop, 's3-admin')
})
afterAll(async () => {
  await shop.close()
  await s3.close()
})

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

async function askForUploadUrl(bytes: Buffer, contentType = 'image/png') {
  const asked = await admin.call('POST', '/api/admin/upload-url', {
    contentType,
    size: bytes.length,
  })
  expect(asked.statusCode, asked.body).toBe(200)
  const target: UploadUrl = UploadUrlSchema.parse(asked.json())
  const key = /incoming\/([0-9a-f-]{36})\?/.exec(target.uploadURL)?.[1] ?? ''
  return { target, key }
}

async function putToStore(target: UploadUrl, bytes: Buffer, contentType = 'image/png') {
  const put = await fetch(target.uploadURL, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': contentType },
  })
  expect(put.status).toBe(200)
}

/** what the admin page does: ask for a URL, PUT the bytes to the store, then complete */
async function uploadToStore(bytes: Buffer, contentType = 'image/png') {
  const asked = await askForUploadUrl(bytes, contentType)
  await putToStore(asked.target, bytes, contentType)
  return asked
}

const complete = (target: UploadUrl) => admin.call('POST', target.completeURL ?? '')

describe('uploads to S3', () => {
  test('the upload URL is the store’s, pre-signed; the image address is the app’s /uploads/', async () => {
    const { target, key } = await uploadToStore(await pngOf(100, 100))
    expect(target.uploadURL).toMatch(
      new RegExp(`^${s3.endpoint}/${BUCKET}/incoming/${UUID}\\?.*X-Amz-Expires=300`),
    )
    expect(target.completeURL).toBe(`/api/admin/uploads/${key}/complete`)
    expect(target.objectPath).toBe(`/uploads/${key}.webp`)
  })

  test('the app serves a completed image from the store, cacheable for good', async () => {
    const { target, key } = await uploadToStore(await pngOf(900, 600))
    expect((await complete(target)).statusCode).toBe(200)
    const served = async (url: string, name: string) => {
      const image = await shop.app.inject({ method: 'GET', url })
      expect(image.statusCode, url).toBe(200)
      expect(image.headers['content-type']).toBe('image/webp')
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(image.rawPayload).toEqual(s3.objects.get(`${BUCKET}/images/${name}`)?.body)
      return sharp(image.rawPayload).metadata()
    }
    expect(await served(target.objectPath, `${key}.webp`)).toMatchObject({
      format: 'webp',
      width: 900,
    })
    expect(await served(`/uploads/${key}-400.webp`, `${key}-400.webp`)).toMatchObject({
      width: 400,
    })
    const missing = await shop.app.inject({
      method: 'GET',
      url: '/uploads/00000000-0000-4000-8000-000000000000.webp',
    })
    expect(missing.statusCode).toBe(404)
  })

  test('completing before the PUT has landed answers 404 and leaves the upload to complete later', async () => {
    const bytes = await pngOf(60, 40)
    const { target, key } = await askForUploadUrl(bytes)
    const early = await complete(target)
    expect(early.statusCode).toBe(404)

    await putToStore(target, bytes)
    const response = await complete(target)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ objectPath: `/uploads/${key}.webp` })
    expect(s3.objects.has(`${BUCKET}/incoming/${key}`)).toBe(false)
    expect(s3.objects.has(`${BUCKET}/images/${key}.webp`)).toBe(true)
  })

  test('a completion happens once: the second answers 404', async () => {
    const { target } = await uploadToStore(await pngOf(50, 50))
    expect((await complete(target)).statusCode).toBe(200)
    expect((await complete(target)).statusCode).toBe(404)
  })

  test('a text file answers 415, a pixel bomb 422, and each original is deleted', async () => {
    const text = await uploadToStore(Buffer.from('not an image at all'), 'image/png')
    const textAnswer = await complete(text.target)
    expect(textAnswer.statusCode).toBe(415)
    expect(textAnswer.json()).toEqual({ message: UPLOAD_MESSAGES.invalidType.description })

    const bomb = await uploadToStore(pngClaiming(30_000, 30_000))
    const bombAnswer = await complete(bomb.target)
    expect(bombAnswer.statusCode).toBe(422)
    expect(bombAnswer.json()).toEqual({ message: UPLOAD_MESSAGES.tooManyPixels })

    for (const { key } of [text, bomb]) {
      expect(s3.objects.has(`${BUCKET}/incoming/${key}`)).toBe(false)
      expect(s3.objects.has(`${BUCKET}/images/${key}.webp`)).toBe(false)
    }
  })

  test('an object larger than was asked for answers 413 and is deleted', async () => {
    const { target, key } = await uploadToStore(await pngOf(50, 50))
    // a store that did not enforce the signed length
    s3.objects.set(`${BUCKET}/incoming/${key}`, {
      body: Buffer.alloc(2 * 1024 * 1024, 1),
      contentType: 'image/png',
      cacheControl: undefined,
    })
    const response = await complete(target)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.tooLarge.description })
    expect(s3.objects.has(`${BUCKET}/incoming/${key}`)).toBe(false)
  })

  test('completing an upload that was never asked for answers 404', async () => {
    const response = await admin.call(
      'POST',
      '/api/admin/uploads/00000000-0000-4000-8000-000000000000/complete',
    )
    expect(response.statusCode).toBe(404)
  })

  test('the Content-Security-Policy lets the page PUT to the store; images stay same-origin', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/healthz' })
    const policy = String(response.headers['content-security-policy'])
    expect(policy).toMatch(new RegExp(`connect-src 'self' ${s3.endpoint}(;|$)`))
    expect(policy).toMatch(/img-src 'self' data: blob: https:(;|$)/)
    // the app's own disk-store upload route does not take uploads when S3 is used
    const put = await shop.app.inject({
      method: 'PUT',
      url: '/api/uploads/00000000-0000-4000-8000-000000000000?expires=9999999999&signature=00',
      payload: await pngOf(10, 10),
      headers: { 'content-type': 'image/png', origin: TEST_PUBLIC_URL },
    })
    expect(put.statusCode).toBe(403)
  })
})
