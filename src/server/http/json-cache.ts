import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { z } from 'zod'

/** An answer made once: its bytes, a gzip copy made on first demand, an ETag. */
export interface CachedBytes {
  readonly body: Buffer
  readonly etag: string
  gzipped(): Buffer
}

/** A JSON answer serialized once. */
export type CachedJson = CachedBytes

export function toCachedJson<T extends z.ZodType>(schema: T, value: z.input<T>): CachedJson {
  // parse() is the allow-list: only the schema's fields reach the bytes, as with a route's
  // response schema, which cached bytes bypass.
  return toCachedBytes(Buffer.from(JSON.stringify(schema.parse(value))))
}

export function toCachedBytes(body: Buffer): CachedBytes {
  let gzipped: Buffer | undefined
  return {
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    gzipped: () => (gzipped ??= gzipSync(body)),
  }
}

/**
 * Serialized answers by key, least recently used dropped first, for reads far more frequent
 * than writes (the catalogue). Concurrent misses share one load; clear() drops everything, and a
 * load that started before a clear() is not stored, so a stale answer cannot outlive the change
 * that made it stale.
 */
export function createJsonCache<T = CachedJson>(options: {
  maxEntries: number
  /** an entry that is no longer right (it showed a moment that has passed) is loaded again */
  isFresh?: (value: T) => boolean
}) {
  const entries = new Map<string, T>()
  const loading = new Map<string, Promise<T>>()
  let generation = 0

  async function get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key)
    if (hit && (options.isFresh?.(hit) ?? true)) {
      entries.delete(key) // re-insert: Map order is the recency order
      entries.set(key, hit)
      return hit
    }
    const pending = loading.get(key)
    if (pending) return pending
    const startedIn = generation
    const promise = load()
      .then((value) => {
        if (startedIn === generation) {
          entries.set(key, value)
          if (entries.size > options.maxEntries)
            entries.delete(entries.keys().next().value as string)
        }
        return value
      })
      .finally(() => {
        if (loading.get(key) === promise) loading.delete(key)
      })
    loading.set(key, promise)
    return promise
  }

  function clear() {
    generation += 1
    entries.clear()
    loading.clear()
  }

  return { get, clear, size: () => entries.size }
}

export type JsonCache = ReturnType<typeof createJsonCache>
