import { DrizzleQueryError } from 'drizzle-orm/errors'
import Fastify from 'fastify'
import { expect, test } from 'vitest'
import { createLogger } from './logger.ts'

const TOKEN = 'ddm2LBowtLjgrMSIChaWkwjs2S98T0mXqwCtp78whTQ'

/** a logger as the shop makes it, every line kept */
function recordingLogger(level = 'info') {
  const written: string[] = []
  const log = createLogger(level, { write: (line: string) => void written.push(line) })
  return { log, written }
}

test("Fastify's request lines carry the address without its secrets", async () => {
  const { log, written } = recordingLogger()
  const app = Fastify({ loggerInstance: log })
  app.get('/api/invitations/:token', () => ({ ok: true }))
  app.get('/reset-password', () => 'page')
  try {
    await app.inject({ url: `/api/invitations/${TOKEN}` })
    await app.inject({ url: `/reset-password?token=${TOKEN}` })
  } finally {
    await app.close()
  }
  expect(written.join('\n')).not.toContain(TOKEN)
  const requests = written
    .map((line) => JSON.parse(line) as { msg: string; req?: Record<string, unknown> })
    .filter((line) => line.msg === 'incoming request')
  expect(requests.map((line) => line.req)).toEqual([
    expect.objectContaining({
      method: 'GET',
      url: '/api/invitations/[redacted]',
      host: 'localhost:80',
      remoteAddress: '127.0.0.1',
    }),
    expect.objectContaining({ method: 'GET', url: '/reset-password?token=[redacted]' }),
  ])
})

test('an error line holds no value of a failed query, whoever logs it', () => {
  const { log, written } = recordingLogger()
  const failed = new DrizzleQueryError(
    'select * from "sessions" where "sid" = $1',
    [TOKEN],
    new Error('Connection terminated unexpectedly'),
  )
  log.error({ err: failed }, 'request failed')
  // without a message of its own, a line takes the error's
  log.error(failed)
  log.error({ err: failed })
  log.child({ reqId: 'r-1' }).warn({ err: new Error('wrapped', { cause: failed }) }, 'retrying')
  log.error(new Error('an error of another kind'))
  expect(written).toHaveLength(5)
  expect(written.join('\n')).not.toContain(TOKEN)
  const lines = written.map((line) => JSON.parse(line) as { msg: string; err: { message: string } })
  expect(lines.map((line) => line.msg)).toEqual([
    'request failed',
    'Failed query: select * from "sessions" where "sid" = $1\nparams: [redacted]',
    'Failed query: select * from "sessions" where "sid" = $1\nparams: [redacted]',
    'retrying',
    'an error of another kind',
  ])
  expect(lines[0]?.err.message).toContain('Connection terminated unexpectedly')
})
