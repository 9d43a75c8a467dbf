import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createJsonCache, toCachedJson } from './json-cache.ts'
import { acceptsGzip, matchesIfNoneMatch } from './send-cached-json.ts'

const Item = z.object({ name: z.string() })
const entry = (name: string) => toCachedJson(Item, { name })

describe('serialized answers', () => {
  test('only the fields of the schema reach the bytes', () => {
    const cached = toCachedJson(Item, { name: 'Eggs', passwordHash: 'secret' } as { name: string })
    expect(JSON.parse(cached.body.toString())).toEqual({ name: 'Eggs' })
    expect(gunzipSync(cached.gzipped()).equals(cached.body)).toBe(true)
    expect(cached.etag).toMatch(/^"[\w-]+"$/)
  })
})

describe('the cache', () => {
  test('concurrent misses share one load', async () => {
    const cache = createJsonCache({ maxEntries: 10 })
    let loads = 0
    const load = async () => {
      loads += 1
      await new Promise((resolve) => setTimeout(resolve, 10))
      return entry('one')
    }
    await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])
    expect(loads).toBe(1)
  })

  test('a load that started before clear() is not kept', async () => {
    const cache = createJsonCache({ maxEntries: 10 })
    let release: () => void = () => undefined
    const slow = cache.get(
      'k',
      () => new Promise((resolve) => (release = () => resolve(entry('stale')))),
    )
    cache.clear()
    release()
    expect(JSON.parse((await slow).body.toString())).toEqual({ name: 'stale' })
    const fresh = await cache.get('k', async () => entry('fresh'))
    expect(JSON.parse(fresh.body.toString())).toEqual({ name: 'fresh' })
  })

  test('drops the least recently used entry, not everything', async () => {
    const cache = createJsonCache({ maxEntries: 2 })
    await cache.get('a', async () => entry('a'))
    await cache.get('b', async () => entry('b'))
    await cache.get('a', async () => entry('a again')) // a is now the most recent
    await cache.get('c', async () => entry('c'))
    expect(cache.size()).toBe(2)
    let reloaded = false
    await cache.get('a', async () => ((reloaded = true), entry('a')))
    expect(reloaded).toBe(false)
    await cache.get('b', async () => ((reloaded = true), entry('b')))
    expect(reloaded).toBe(true)
  })
})

describe('conditional and compressed answers', () => {
  test('If-None-Match compares weakly and accepts lists and *', () => {
    expect(matchesIfNoneMatch('"abc"', '"abc"')).toBe(true)
    expect(matchesIfNoneMatch('W/"abc"', '"abc"')).toBe(true)
    expect(matchesIfNoneMatch('"x", W/"abc"', '"abc"')).toBe(true)
    expect(matchesIfNoneMatch('*', '"abc"')).toBe(true)
    expect(matchesIfNoneMatch('"abcd"', '"abc"')).toBe(false)
    expect(matchesIfNoneMatch(undefined, '"abc"')).toBe(false)
  })

  test('gzip only when accepted with a quality above 0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true)
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('gzip;q=0, *')).toBe(false)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('*;q=0')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})
