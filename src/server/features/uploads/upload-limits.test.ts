import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, UploadUrlSchema } from '#shared/schemas/admin.ts'
import { signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { pngOf } from '#tests/fixtures/test-images.ts'

/**
 * The size limits over a real connection: the 413 must come before the body is read (a
 * declared length) or as soon as it passes the limit (a chunked body), never after buffering it.
 */

let shop: TestApp
let admin: Shopper
let origin: string

beforeAll(async () => {
  shop = await createTestApp()
  admin = await signUpAdmin(shop, 'upload-limits')
  await shop.app.listen({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await shop.close()
})

async function uploadUrl(size: number) {
  const response = await admin.call('POST', '/api/admin/upload-url', {
    contentType: 'image/png',
    size,
  })
  expect(response.statusCode, response.body).toBe(200)
  return UploadUrlSchema.parse(response.json()).uploadURL
}

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  /** body bytes the client had written when the answer came */
  sentBeforeAnswer: number
}

/**
 * PUTs to the app and resolves with its answer. `write` sends the body (or part of it) and is
 * told when the answer has come, so it can stop.
 */
function putOverHttp(
  path: string,
  headers: Record<string, string | number>,
  write: (request: http.ClientRequest, answered: () => boolean) => Promise<void>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const request = http.request(`${origin}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', ...headers },
      // a connection of its own, closed with the request: no kept-alive socket is left behind
      agent: false,
    })
    const originalWrite = request.write.bind(request) as (chunk: Buffer) => boolean
    request.write = ((chunk: Buffer) => {
      sent += chunk.length
      return originalWrite(chunk)
    }) as typeof request.write
    // the server may close while the client is still writing: only the answer matters
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    request.on('response', (response) => {
      answered = true
      const sentBeforeAnswer = sent
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        request.destroy()
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          sentBeforeAnswer,
        })
      })
    })
    write(request, () => answered).catch(reject)
  })
}

const headersOnly = async (request: http.ClientRequest) => {
  request.flushHeaders()
}

describe('upload size limits over HTTP', () => {
  test('a declared 26 MB body answers 413 before a byte of it is sent', async () => {
    const url = await uploadUrl(UPLOAD_MAX_BYTES)
    const answer = await putOverHttp(url, { 'content-length': 26 * 1024 * 1024 }, headersOnly)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ message: UPLOAD_MESSAGES.tooLarge.description })
    expect(answer.sentBeforeAnswer).toBe(0)
    expect(answer.headers.connection).toBe('close')
  })

  test('a declared length over the size asked for answers 413 before the body is sent', async () => {
    const url = await uploadUrl(10_000)
    const answer = await putOverHttp(url, { 'content-length': 5 * 1024 * 1024 }, headersOnly)
    expect(answer.status).toBe(413)
    expect(answer.sentBeforeAnswer).toBe(0)
  })

  test('a chunked body (no length) answers 413 as soon as it passes 25 MB', async () => {
    const url = await uploadUrl(UPLOAD_MAX_BYTES)
    const megabyte = Buffer.alloc(1024 * 1024, 1)
    const answer = await putOverHttp(
      url,
      { 'transfer-encoding': 'chunked' },
      async (request, answered) => {
        // up to 60 MB, stopping once the server has answered
        for (let i = 0; i < 60 && !answered(); i++) {
          if (!request.write(megabyte)) {
            await new Promise((resolve) => {
              request.once('drain', resolve)
              setTimeout(resolve, 50)
            })
          }
        }
      },
    )
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ message: UPLOAD_MESSAGES.tooLarge.description })
    expect(answer.sentBeforeAnswer).toBeGreaterThan(UPLOAD_MAX_BYTES)
    expect(answer.sentBeforeAnswer).toBeLessThan(60 * 1024 * 1024)
  })

  test('a chunked body within the limit is read and stored', async () => {
    const bytes = await pngOf(200, 100)
    const url = await uploadUrl(bytes.length)
    const answer = await putOverHttp(url, { 'transfer-encoding': 'chunked' }, async (request) => {
      request.write(bytes.subarray(0, 50))
      request.end(bytes.subarray(50))
    })
    expect(answer.status, answer.body).toBe(200)
    const { objectPath } = JSON.parse(answer.body) as { objectPath: string }
    const image = await fetch(`${origin}${objectPath}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/webp')
    // read to the end, so fetch's connection is free and the server can close
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 200,
    })
  })
})
