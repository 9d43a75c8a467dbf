import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A tiny in-process stand-in for an S3-compatible store (path-style: /<bucket>/<key>), enough for
 * the SDK's PutObject, GetObject and DeleteObject and a browser's pre-signed PUT. It checks no
 * signatures: the presigner's output is tested on its own (s3-storage.test.ts).
 */
export interface FakeS3Object {
  readonly body: Buffer
  readonly contentType: string | undefined
  readonly cacheControl: string | undefined
}

export async function startFakeS3() {
  const objects = new Map<string, FakeS3Object>()
  const server = http.createServer((request, response) => {
    const key = decodeURIComponent(new URL(request.url ?? '/', 'http://s3').pathname.slice(1))
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const object = objects.get(key)
      if (request.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: request.headers['content-type'],
          cacheControl: request.headers['cache-control'],
        })
        response.writeHead(200, { etag: '"fake"' }).end()
      } else if (request.method === 'GET' && object) {
        response
          .writeHead(200, {
            'content-type': object.contentType ?? 'application/octet-stream',
            'content-length': object.body.length,
          })
          .end(object.body)
      } else if (request.method === 'DELETE') {
        objects.delete(key)
        response.writeHead(204).end()
      } else {
        response
          .writeHead(404, { 'content-type': 'application/xml' })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
          )
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** by "<bucket>/<key>" */
    objects,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
