import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { FastifyBaseLogger } from 'fastify'

export interface ChangeFeed {
  /** tell every other process (and this one's listeners) that something changed */
  publish(): Promise<void>
  /**
   * settles once the first LISTEN is in place, or the first attempt failed (the database is
   * away: it retries, and drops the cache when it is back), or after `timeoutMs` (it hangs)
   */
  listening(timeoutMs: number): Promise<void>
  close(): Promise<void>
}

/**
 * A change signal shared by every app process on one PostgreSQL (LISTEN/NOTIFY), so a cache
 * kept in each process is dropped everywhere when an admin edits what it holds. One dedicated
 * connection listens; when it is lost (a database restart) it reconnects with backoff and calls
 * onChange once, since notifications sent meanwhile were missed. A process ignores its own
 * notifications: it has already acted on the change.
 */
export function createChangeFeed({
  pool,
  channel,
  log,
  onChange,
}: {
  pool: pg.Pool
  channel: string
  log: FastifyBaseLogger
  onChange: () => void
}): ChangeFeed {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name: ${channel}`)
  const origin = randomUUID()
  let client: pg.Client | undefined
  let closed = false
  let retryTimer: NodeJS.Timeout | undefined
  let retryMs = 250
  let markListening: () => void = () => {}
  const firstListen = new Promise<void>((resolve) => (markListening = resolve))

  function retrySoon(failed: pg.Client) {
    if (closed || client !== failed) return
    client = undefined
    failed.removeAllListeners()
    failed.on('error', () => {}) // a late error of a dropped connection must not crash us
    failed.end().catch(() => {})
    retryTimer = setTimeout(() => void connect(), retryMs)
    retryTimer.unref()
    retryMs = Math.min(retryMs * 2, 10_000)
  }

  async function connect() {
    if (closed) return
    const next = new pg.Client(pool.options)
    client = next
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== origin) onChange()
    })
    next.on('error', (error) => {
      log.warn({ err: error }, `the ${channel} listener lost its connection`)
      retrySoon(next)
    })
    next.on('end', () => retrySoon(next))
    try {
      await next.connect()
      await next.query(`LISTEN ${channel}`)
      retryMs = 250
      onChange()
      markListening()
    } catch (error) {
      log.warn({ err: error }, `the ${channel} listener could not connect`)
      markListening()
      retrySoon(next)
    }
  }

  void connect()

  return {
    async publish() {
      try {
        await pool.query('select pg_notify($1, $2)', [channel, origin])
      } catch (error) {
        // the other processes keep their cache until their listener reconnects (and clears)
        log.warn({ err: error }, `could not publish to ${channel}`)
      }
    },
    async listening(timeoutMs) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))
      await Promise.race([firstListen, timeout])
      clearTimeout(timer)
    },
    async close() {
      closed = true
      markListening()
      clearTimeout(retryTimer)
      const last = client
      client = undefined
      if (last) {
        last.removeAllListeners()
        last.on('error', () => {})
        await last.end().catch(() => {})
      }
    },
  }
}
