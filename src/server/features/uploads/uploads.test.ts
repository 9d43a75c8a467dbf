import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ERRORS } from '#shared/errors.ts'
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  UploadUrlSchema,
  type UploadUrl,
} from '#shared/schemas/admin.ts'
import { signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '#tests/setup/test-app.ts'
import {
  gifOf,
  jpegOf,
  pngClaiming,
  pngOf,
  sidewaysJpegOf,
  webpOf,
} from '#tests/fixtures/test-images.ts'

let clock = new Date()
let shop: TestApp
let admin: Shopper

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
  admin = await signUpAdmin(shop, 'uploads-admin')
})
afterAll(() => shop.close())

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

async function uploadUrl(contentType = 'image/png', size = 1_000_000): Promise<UploadUrl> {
  const response = await admin.call('POST', '/api/admin/upload-url', { contentType, size })
  expect(response.statusCode, response.body).toBe(200)
  return UploadUrlSchema.parse(response.json())
}

/** the browser's PUT: from the shop's own page, no session needed */
const put = (url: string, bytes: Buffer, headers: Record<string, string> = {}) =>
  shop.app.inject({
    method: 'PUT',
    url,
    payload: bytes,
    headers: { 'content-type': 'image/png', origin: TEST_PUBLIC_URL, ...headers },
  })

async function upload(bytes: Buffer, headers: Record<string, string> = {}) {
  const target = await uploadUrl(headers['content-type'] ?? 'image/png', bytes.length)
  return { target, response: await put(target.uploadURL, bytes, headers) }
}

async function served(path: string) {
  const response = await shop.app.inject({ method: 'GET', url: path })
  const metadata = response.statusCode === 200 ? await sharp(response.rawPayload).metadata() : null
  return { response, metadata }
}

const refusal = (code: keyof typeof ERRORS) => ({ message: ERRORS[code].message })

describe('POST /api/admin/upload-url', () => {
  test('hands out a signed upload URL that expires in 5 minutes, under a name the server chose', async () => {
    clock = new Date()
    const target = await uploadUrl('image/jpeg', 12_345)
    expect(target.uploadURL).toMatch(
      new RegExp(`^/api/uploads/${UUID}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    )
    const expires = Number(new URL(target.uploadURL, TEST_PUBLIC_URL).searchParams.get('expires'))
    expect(expires).toBe(Math.floor(clock.getTime() / 1000) + 300)
    expect(target.objectPath).toMatch(new RegExp(`^/uploads/${UUID}\\.webp$`))
    expect(target.completeURL).toBeNull()
    // every URL is new
    expect((await uploadUrl('image/jpeg', 12_345)).objectPath).not.toBe(target.objectPath)
  })

  test('refuses a non-image type and one over 25 MB, with the documented messages', async () => {
    const text = await admin.call('POST', '/api/admin/upload-url', {
      contentType: 'text/plain',
      size: 100,
    })
    expect(text.statusCode).toBe(400)
    expect(text.json()).toEqual({
      message: UPLOAD_MESSAGES.invalidType.description,
      errors: { contentType: UPLOAD_MESSAGES.invalidType.description },
    })
    const huge = await admin.call('POST', '/api/admin/upload-url', {
      contentType: 'image/png',
      size: 26 * 1024 * 1024,
    })
    expect(huge.statusCode).toBe(400)
    expect(huge.json()).toEqual({
      message: UPLOAD_MESSAGES.tooLarge.description,
      errors: { size: UPLOAD_MESSAGES.tooLarge.description },
    })
    const named = await admin.call('POST', '/api/admin/upload-url', {
      contentType: 'image/png',
      size: 100,
      fileName: '../../etc/passwd.webp',
    })
    expect(named.statusCode).toBe(400)
    expect(named.json()).toMatchObject({ errors: { fileName: 'Unknown field "fileName"' } })
  })
})

describe('POST /api/admin/upload-url without a body', () => {
  const call = (headers: Record<string, string>, payload?: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/admin/upload-url',
      headers: { cookie: admin.cookie, ...headers },
      ...(payload === undefined ? {} : { payload }),
    })

  test('no body, an empty JSON body and {} all get an upload URL; the bytes are checked at the PUT', async () => {
    for (const [headers, payload] of [
      [{}, undefined],
      [{ 'content-type': 'application/json' }, ''],
      [{ 'content-type': 'application/json' }, '{}'],
    ] as const) {
      const response = await call(headers, payload)
      expect(response.statusCode, `${JSON.stringify(headers)} ${payload}: ${response.body}`).toBe(
        200,
      )
      const target = UploadUrlSchema.parse(response.json())
      const image = await pngOf(640, 480)
      const stored = await put(target.uploadURL, image)
      expect(stored.statusCode, stored.body).toBe(200)
      expect(stored.json()).toEqual({ objectPath: target.objectPath })
    }
  })

  test('without a declared size the 25 MB limit still holds, and a text file is still refused', async () => {
    const target = UploadUrlSchema.parse((await call({})).json())
    const tooLarge = await put(target.uploadURL, Buffer.alloc(UPLOAD_MAX_BYTES + 1))
    expect(tooLarge.statusCode).toBe(413)
    const next = UploadUrlSchema.parse((await call({})).json())
    const text = await put(next.uploadURL, Buffer.from('not an image at all'), {
      'content-type': 'image/png',
    })
    expect(text.statusCode).toBe(415)
  })

  test('malformed JSON is still a 400', async () => {
    const response = await call({ 'content-type': 'application/json' }, '{"size":')
    expect(response.statusCode).toBe(400)
  })
})

describe('PUT to the upload URL', () => {
  test('a PNG is stored as WebP at 1200, 800 and 400 px wide, served with a year’s cache', async () => {
    const { target, response } = await upload(await pngOf(1600, 1000))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ objectPath: target.objectPath })

    const full = await served(target.objectPath)
    expect(full.response.headers['content-type']).toBe('image/webp')
    expect(full.response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(full.response.headers['x-content-type-options']).toBe('nosniff')
    expect(full.metadata).toMatchObject({ format: 'webp', width: 1200, height: 750 })
    for (const width of [800, 400]) {
      const variant = await served(target.objectPath.replace('.webp', `-${width}.webp`))
      expect(variant.response.statusCode).toBe(200)
      expect(variant.response.headers['content-type']).toBe('image/webp')
      expect(variant.metadata).toMatchObject({ format: 'webp', width })
    }
  })

  test('a small image is never enlarged', async () => {
    const { target, response } = await upload(await pngOf(300, 200))
    expect(response.statusCode).toBe(200)
    expect((await served(target.objectPath)).metadata).toMatchObject({ width: 300, height: 200 })
    const small = await served(target.objectPath.replace('.webp', '-400.webp'))
    expect(small.metadata).toMatchObject({ width: 300, height: 200 })
  })

  test('the bytes decide the type: a JPEG sent as image/png named photo.png is accepted', async () => {
    const { target, response } = await upload(await jpegOf(640, 480), {
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="photo.png"',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<{ objectPath: string }>().objectPath).toMatch(
      new RegExp(`^/uploads/${UUID}\\.webp$`),
    )
    expect((await served(target.objectPath)).metadata).toMatchObject({ format: 'webp' })
  })

  test('a PNG sent as JSON, or with no Content-Type, is read as bytes too', async () => {
    const bytes = await pngOf(80, 60)
    const asJson = await put((await uploadUrl('image/png', bytes.length)).uploadURL, bytes, {
      'content-type': 'application/json',
    })
    expect(asJson.statusCode, asJson.body).toBe(200)
    const target = await uploadUrl('image/png', bytes.length)
    const untyped = await shop.app.inject({ method: 'PUT', url: target.uploadURL, payload: bytes })
    expect(untyped.statusCode, untyped.body).toBe(200)
  })

  test('GIF and WebP are accepted too', async () => {
    for (const bytes of [await gifOf(120, 90), await webpOf(120, 90)]) {
      const { target, response } = await upload(bytes)
      expect(response.statusCode, response.body).toBe(200)
      expect((await served(target.objectPath)).metadata).toMatchObject({ width: 120 })
    }
  })

  test('a text file called an image answers 415 and nothing is stored', async () => {
    const { target, response } = await upload(Buffer.from('just some words, not a picture\n'), {
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="photo.png"',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.invalidType.description })
    expect((await served(target.objectPath)).response.statusCode).toBe(404)
  })

  test('an SVG, and a PNG signature followed by garbage, answer 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')
    const broken = Buffer.concat([(await pngOf(10, 10)).subarray(0, 8), Buffer.alloc(200, 7)])
    for (const bytes of [svg, broken]) {
      const { response } = await upload(bytes)
      expect(response.statusCode).toBe(415)
      expect(response.json()).toEqual(refusal('IMAGE_TYPE_INVALID'))
    }
  })

  test('a small PNG claiming 30000×30000 pixels answers 422 without being decoded', async () => {
    const bomb = pngClaiming(30_000, 30_000)
    expect(bomb.length).toBeLessThan(1000)
    const started = Date.now()
    const { target, response } = await upload(bomb)
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.tooManyPixels })
    expect(Date.now() - started).toBeLessThan(5000)
    expect((await served(target.objectPath)).response.statusCode).toBe(404)
  })

  test('a photo is turned upright and its metadata (EXIF) is dropped', async () => {
    const { target, response } = await upload(await sidewaysJpegOf(400, 200), {
      'content-type': 'image/jpeg',
    })
    expect(response.statusCode).toBe(200)
    const { metadata } = await served(target.objectPath)
    expect(metadata).toMatchObject({ width: 200, height: 400 })
    expect(metadata?.exif).toBeUndefined()
    expect(metadata?.orientation).toBeUndefined()
  })

  test('a body longer than the size asked for answers 413', async () => {
    const target = await uploadUrl('image/png', 100)
    const response = await put(target.uploadURL, await pngOf(300, 300))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.tooLarge.description })
    expect(UPLOAD_MAX_BYTES).toBe(25 * 1024 * 1024)
  })
})

describe('a tampered, expired or used upload URL answers 403', () => {
  const forbidden = refusal('UPLOAD_FORBIDDEN')

  test('a changed signature, expiry or ticket is refused, and so is a URL without them', async () => {
    clock = new Date()
    const bytes = await pngOf(50, 50)
    const target = await uploadUrl('image/png', bytes.length)
    const other = await uploadUrl('image/png', bytes.length)
    const url = new URL(target.uploadURL, TEST_PUBLIC_URL)
    const signature = url.searchParams.get('signature') ?? ''
    const expires = url.searchParams.get('expires') ?? ''
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`
    const otherTicket = new URL(other.uploadURL, TEST_PUBLIC_URL).pathname
    for (const tampered of [
      `${url.pathname}?expires=${expires}&signature=${flipped}`,
      `${url.pathname}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `${otherTicket}?expires=${expires}&signature=${signature}`,
      `${url.pathname}?expires=${expires}`,
      url.pathname,
      `/api/uploads/not-a-uuid?expires=${expires}&signature=${signature}`,
    ]) {
      const response = await put(tampered, bytes)
      expect(response.statusCode, tampered).toBe(403)
      expect(response.json()).toEqual(forbidden)
    }
    // the genuine URL still works: the refusals did not spend it
    expect((await put(target.uploadURL, bytes)).statusCode).toBe(200)
  })

  test('a URL used once is refused the second time', async () => {
    clock = new Date()
    const bytes = await pngOf(50, 50)
    const target = await uploadUrl('image/png', bytes.length)
    expect((await put(target.uploadURL, bytes)).statusCode).toBe(200)
    const again = await put(target.uploadURL, bytes)
    expect(again.statusCode).toBe(403)
    expect(again.json()).toEqual(forbidden)
  })

  test('a URL is refused once its 5 minutes are over', async () => {
    clock = new Date()
    const bytes = await pngOf(50, 50)
    const target = await uploadUrl('image/png', bytes.length)
    clock = new Date(clock.getTime() + 5 * 60_000 + 1000)
    try {
      const late = await put(target.uploadURL, bytes)
      expect(late.statusCode).toBe(403)
      expect(late.json()).toEqual(forbidden)
    } finally {
      clock = new Date()
    }
  })

  test('a PUT from another site is refused by the same-origin rule', async () => {
    const bytes = await pngOf(50, 50)
    const target = await uploadUrl('image/png', bytes.length)
    const response = await put(target.uploadURL, bytes, { origin: 'https://evil.example' })
    expect(response.statusCode).toBe(403)
    // not spent: the page can still use it
    expect((await put(target.uploadURL, bytes)).statusCode).toBe(200)
  })
})

describe('GET /uploads/:file', () => {
  test('answers 404 for a name that is not a stored image', async () => {
    for (const url of [
      '/uploads/00000000-0000-4000-8000-000000000000.webp',
      '/uploads/photo.png',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/00000000-0000-4000-8000-000000000000.webp.png',
    ]) {
      const response = await shop.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type'], url).toMatch(/^application\/json/)
    }
  })
})

describe('the S3 completion step', () => {
  test('answers 404 when images are kept on disk (there is nothing to complete)', async () => {
    const response = await admin.call(
      'POST',
      '/api/admin/uploads/00000000-0000-4000-8000-000000000000/complete',
    )
    expect(response.statusCode).toBe(404)
  })
})
