import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

// A stand-in for dist/web: what matters here is how the server serves a build, not the build.
let webRoot: string
let shop: TestApp
const INDEX = '<!doctype html><title>shop</title><div id="root"></div>'

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-web-'))
  await fs.mkdir(path.join(webRoot, 'assets'))
  await fs.writeFile(path.join(webRoot, 'index.html'), INDEX)
  await fs.writeFile(path.join(webRoot, 'assets', 'main-3f9a1c.js'), 'console.log("shop")')
  await fs.writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  shop = await createTestApp({ webRoot })
})
afterAll(async () => {
  await shop.close()
  await fs.rm(webRoot, { recursive: true, force: true })
})

const get = (url: string) =>
  shop.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })

describe('serving the web app', () => {
  test('every page of the spec answers 200 with the app', async () => {
    for (const url of [
      '/',
      '/about',
      '/shop',
      '/shop/produce',
      '/shop/produce/herbs',
      '/shop?search=eggs',
      '/product/7c0e4f7e-4b1e-4b1a-9d3a-0f5b0d6c9a11',
      '/producer/atkinson-farms',
      '/reset-password?token=abc',
      '/admin/products',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type'], url).toMatch(/^text\/html/)
      expect(response.headers['cache-control'], url).toBe('no-cache')
      expect(response.body, url).toBe(INDEX)
    }
  })

  test('any other path answers 404 with the app, which shows its 404 page', async () => {
    for (const url of [
      '/nope',
      '/shop/toys',
      '/shop/produce/bagels',
      '/product/42',
      '/admin/secret',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).toBe(INDEX)
    }
  })

  test('pages and files carry the security headers too', async () => {
    for (const url of ['/', '/nope', '/assets/main-3f9a1c.js']) {
      const response = await get(url)
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'")
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
    }
  })

  test('index.html asked for by name is not cached either', async () => {
    const response = await get('/index.html')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  test('hashed assets are cached for a year, other files for an hour', async () => {
    const asset = await get('/assets/main-3f9a1c.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const favicon = await get('/favicon.svg')
    expect(favicon.statusCode).toBe(200)
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600')
  })

  test('a missing file and an unknown /api path are JSON 404s, not the app', async () => {
    for (const url of ['/assets/gone-123.js', '/api/nope', '/api']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual({ message: 'Not found' })
    }
  })
})
