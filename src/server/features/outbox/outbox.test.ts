import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createSmtpMailer } from '#server/adapters/mail/smtp-mailer.ts'
import { emailOutbox } from '#server/db/schema/index.ts'
import { addJobWithin, runDueJobs } from '#server/jobs/job-queue.ts'
import { startFakeSmtpServer, type FakeSmtpServer } from '#tests/fakes/fake-smtp-server.ts'
import { makeRetriesDue, queuedJobs } from '#tests/setup/job-queue.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import {
  createOutboxFeature,
  describeSendError,
  messageIdOf,
  type OutboxEnqueue,
  type OutboxFeature,
} from './index.ts'

/**
 * The outbox end to end on real PostgreSQL, the real job queue and a real SMTP server: an
 * e-mail exists exactly when its transaction commits, goes once, survives an outage of the
 * mail server, and is never sent twice by a second run.
 */

const NOW = new Date('2026-11-25T14:00:00.000Z')
let database: TestDatabase
let smtp: FakeSmtpServer
let outbox: OutboxFeature

beforeAll(async () => {
  database = await createTestDatabase()
  smtp = await startFakeSmtpServer()
  outbox = createOutboxFeature({
    db: database.db,
    mailer: createSmtpMailer({
      url: smtp.url,
      from: 'Houston Farm to Door <hello@houstonfarmtodoor.com>',
    }),
    now: () => NOW,
    log: testLogger,
  })
})
afterAll(async () => {
  await smtp.close()
  await database.drop()
})
beforeEach(() => smtp.refuse(false))

const newRecipient = () => `outbox-${randomUUID()}@example.com`

function emailTo(to: string, dedupeKey = `order_changed:${randomUUID()}`): OutboxEnqueue {
  return {
    kind: 'order_changed',
    dedupeKey,
    orderId: null,
    message: {
      to,
      subject: 'Your Houston Farm to Door order #1A2B3C4D was changed',
      text: 'Hi Maria, your order was changed.',
      html: '<p>Hi Maria, your order was changed.</p>',
    },
  }
}

const enqueue = (email: OutboxEnqueue) =>
  database.db.transaction((tx) => outbox.service.enqueueWithin(tx, email))
const runJobs = () => runDueJobs({ pool: database.pool, handlers: outbox.handlers })
const rowsTo = (to: string) =>
  database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, to))
const deliveredTo = (to: string) => smtp.accepted.filter((mail) => mail.to.includes(to))
const refusedTo = (to: string) => smtp.refused.filter((mail) => mail.to.includes(to))
const sendJobsOf = async (outboxId: string) =>
  (await queuedJobs(database.pool, 'send_email')).filter((job) => job.payload.outboxId === outboxId)

async function onlyRowTo(to: string) {
  const rows = await rowsTo(to)
  expect(rows).toHaveLength(1)
  const [row] = rows
  if (!row) throw new Error('no outbox row')
  return row
}

describe('writing an e-mail in the transaction of its change', () => {
  test('a committed e-mail is queued with its job, then sent once with its own Message-ID', async () => {
    const to = newRecipient()
    await enqueue(emailTo(to))

    const queued = await onlyRowTo(to)
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, sentAt: null })
    expect(queued.createdAt).toEqual(NOW)
    expect(await sendJobsOf(queued.id)).toEqual([
      expect.objectContaining({ key: `send_email:${queued.id}`, attempts: 0, maxAttempts: 10 }),
    ])

    await runJobs()

    const [mail, ...more] = deliveredTo(to)
    expect(more).toEqual([])
    expect(mail?.subject).toBe('Your Houston Farm to Door order #1A2B3C4D was changed')
    expect(mail?.messageId).toBe(messageIdOf(queued.id))
    expect(mail?.raw).toContain('Hi Maria, your order was changed.')
    const sent = await onlyRowTo(to)
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: NOW })
    expect(await sendJobsOf(queued.id)).toEqual([])
  })

  test('an e-mail written in a transaction that rolls back leaves no row and no job', async () => {
    const to = newRecipient()
    const jobsBefore = await queuedJobs(database.pool, 'send_email')

    await expect(
      database.db.transaction(async (tx) => {
        await outbox.service.enqueueWithin(tx, emailTo(to))
        throw new Error('the change failed after its e-mail was written')
      }),
    ).rejects.toThrow('the change failed')

    expect(await rowsTo(to)).toEqual([])
    expect(await queuedJobs(database.pool, 'send_email')).toEqual(jobsBefore)
    await runJobs()
    expect(deliveredTo(to)).toEqual([])
  })

  test('the same dedupe key twice is one e-mail, sent once', async () => {
    const to = newRecipient()
    const key = `refund:${randomUUID()}`
    await enqueue(emailTo(to, key))
    // a replayed webhook, a retried job: the same e-mail again, alone and twice in one transaction
    await enqueue(emailTo(to, key))
    await database.db.transaction(async (tx) => {
      await outbox.service.enqueueWithin(tx, emailTo(to, key))
      await outbox.service.enqueueWithin(tx, emailTo(to, key))
    })

    const row = await onlyRowTo(to)
    expect(await sendJobsOf(row.id)).toHaveLength(1)
    await runJobs()
    expect(deliveredTo(to)).toHaveLength(1)
  })
})

describe('sending', () => {
  test('a send the mail server refuses is recorded and retried after a backoff, with the same Message-ID', async () => {
    const to = newRecipient()
    smtp.refuse(true)
    await enqueue(emailTo(to))
    const { id } = await onlyRowTo(to)

    await runJobs()

    expect(refusedTo(to)).toHaveLength(1)
    expect(deliveredTo(to)).toEqual([])
    const recorded = await onlyRowTo(to)
    expect(recorded).toMatchObject({ status: 'pending', attempts: 1, sentAt: null })
    expect(recorded.lastError).toMatch(/451.*Mailbox busy, please try again later/)
    const [retry] = await sendJobsOf(id)
    expect(retry).toMatchObject({ attempts: 1, scheduledLater: true })
    expect(retry?.lastError).toMatch(/^E-mail not sent: .*451/)

    // the server is back, but the retry waits for its time
    smtp.refuse(false)
    await runJobs()
    expect(deliveredTo(to)).toEqual([])

    await makeRetriesDue(database.pool)
    await runJobs()

    const delivered = deliveredTo(to)
    expect(delivered).toHaveLength(1)
    expect(delivered[0]?.messageId).toBe(messageIdOf(id))
    expect(refusedTo(to)[0]?.messageId).toBe(messageIdOf(id))
    expect(await onlyRowTo(to)).toMatchObject({ status: 'sent', attempts: 2, sentAt: NOW })
    expect(await sendJobsOf(id)).toEqual([])
  })

  test('a second run of the job after the e-mail was sent sends nothing', async () => {
    const to = newRecipient()
    await enqueue(emailTo(to))
    const { id } = await onlyRowTo(to)
    await runJobs()
    expect(deliveredTo(to)).toHaveLength(1)

    // the queue runs the job again (its completion was lost with a crashed process)
    await database.db.transaction((tx) => addJobWithin(tx, 'send_email', { outboxId: id }))
    await runJobs()
    await outbox.handlers.send_email({ outboxId: id }, { attempts: 1, maxAttempts: 10 })

    expect(deliveredTo(to)).toHaveLength(1)
    expect(await onlyRowTo(to)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  test('two runners taking the same e-mail at once send it once', async () => {
    const to = newRecipient()
    await enqueue(emailTo(to))
    const { id } = await onlyRowTo(to)
    const job = { attempts: 1, maxAttempts: 10 }

    await Promise.all([
      outbox.handlers.send_email({ outboxId: id }, job),
      outbox.handlers.send_email({ outboxId: id }, job),
    ])

    expect(deliveredTo(to)).toHaveLength(1)
    expect(await onlyRowTo(to)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  test('a job whose payload is not an outbox id fails instead of sending anything', async () => {
    await expect(
      outbox.handlers.send_email({ outboxId: 'nope' }, { attempts: 1, maxAttempts: 10 }),
    ).rejects.toThrow()
  })
})

describe('the error the admin reads', () => {
  test('keeps the message on one line, without a URL’s password, and short', () => {
    expect(
      describeSendError(
        new Error(
          'Invalid login at smtp://shop:s3cret@mail.example:587\n535 Authentication failed',
        ),
      ),
    ).toBe('Invalid login at smtp://***@mail.example:587 535 Authentication failed')
    expect(describeSendError('timeout')).toBe('timeout')
    expect(describeSendError(new Error(''))).toBe('Unknown error')
    expect(describeSendError(new Error('x'.repeat(2_000)))).toHaveLength(500)
  })
})
