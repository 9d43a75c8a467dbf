import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createSmtpMailer } from '#server/adapters/mail/smtp-mailer.ts'
import { buildApp } from '#server/app.ts'
import { runDueJobs } from '#server/jobs/job-queue.ts'
import type { OutboxEmail } from '#shared/schemas/order-changes.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { makeOrder } from '#tests/factories/order.ts'
import { startFakeSmtpServer, type FakeSmtpServer } from '#tests/fakes/fake-smtp-server.ts'
import { makeRetriesDue, queuedJobs } from '#tests/setup/job-queue.ts'
import { TEST_APP_EXTRAS, TEST_PUBLIC_URL, type TestApp } from '#tests/setup/test-app.ts'
import { createTestDatabase } from '#tests/setup/test-database.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { createOutboxFeature, type OutboxEnqueue, type OutboxFeature } from './index.ts'

/**
 * The admin's side of the outbox: the e-mails that failed for good, as the admin sees them
 * through GET /api/admin/outbox, and Retry. The shop is the whole app (its admin guard and
 * outbox routes included), and a real SMTP server that can refuse mail.
 */

let clock = new Date('2026-11-25T14:00:00.000Z')
let shop: TestApp
let smtp: FakeSmtpServer
let outbox: OutboxFeature
let admin: Shopper

beforeAll(async () => {
  const database = await createTestDatabase()
  smtp = await startFakeSmtpServer()
  outbox = createOutboxFeature({
    db: database.db,
    mailer: createSmtpMailer({ url: smtp.url, from: 'hello@houstonfarmtodoor.com' }),
    now: () => clock,
    log: testLogger,
  })
  const app = await buildApp({
    config: { nodeEnv: 'test', publicUrl: TEST_PUBLIC_URL },
    db: database.db,
    log: testLogger,
    now: () => clock,
    ...TEST_APP_EXTRAS,
  })
  await app.ready()
  shop = {
    app,
    database,
    catalog: app.catalog,
    sentMail: [],
    async close() {
      await app.close()
      await database.drop()
    },
  }
  admin = await signUpAdmin(shop, 'outbox-admin')
})
afterAll(async () => {
  await shop.close()
  await smtp.close()
})
beforeEach(() => smtp.refuse(false))

const anyInstant: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
const anyUuid: unknown = expect.stringMatching(/^[0-9a-f-]{36}$/)
const refusedByTheServer: unknown = expect.stringMatching(/451.*Mailbox busy/)

function refundEmailTo(to: string, orderId: string | null = null): OutboxEnqueue {
  return {
    kind: 'refund',
    dedupeKey: `refund:${randomUUID()}`,
    orderId,
    message: {
      to,
      subject: 'A refund of $5.00 for your Houston Farm to Door order #1A2B3C4D',
      text: 'We refunded $5.00 to your card.',
      html: '<p>We refunded $5.00 to your card.</p>',
    },
  }
}

const enqueue = (email: OutboxEnqueue) =>
  shop.database.db.transaction((tx) => outbox.service.enqueueWithin(tx, email))
const runJobs = () => runDueJobs({ pool: shop.database.pool, handlers: outbox.handlers })

async function listed(query = ''): Promise<OutboxEmail[]> {
  const response = await admin.call('GET', `/api/admin/outbox${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ emails: OutboxEmail[] }>().emails
}
const listedTo = async (to: string, query = '') =>
  (await listed(query)).filter((email) => email.recipient === to)

describe('an e-mail the mail server refuses every time', () => {
  test('ends failed after 10 attempts, shows among the failed, and Retry sends it once', async () => {
    const customer = await signUp(shop, 'outbox-customer')
    const order = await makeOrder(shop.database.db, {
      userId: customer.userId,
      customerEmail: customer.email,
      deliveryDate: new Date('2026-11-28T11:00:00.000Z'),
    })
    smtp.refuse(true)
    await enqueue(refundEmailTo(customer.email, order.id))

    // each attempt, then the backoff's wait passed
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await runJobs()
      await makeRetriesDue(shop.database.pool)
    }
    expect(smtp.refused.filter((mail) => mail.to.includes(customer.email))).toHaveLength(10)

    const [failed, ...others] = await listedTo(customer.email, '?status=failed')
    expect(others).toEqual([])
    expect(failed).toEqual({
      id: anyUuid,
      kind: 'refund',
      orderId: order.id,
      recipient: customer.email,
      subject: 'A refund of $5.00 for your Houston Farm to Door order #1A2B3C4D',
      status: 'failed',
      attempts: 10,
      lastError: refusedByTheServer,
      createdAt: '2026-11-25T14:00:00.000Z',
      sentAt: null,
    })
    if (!failed) return
    // the queue gave up too: nothing more is tried until the admin says so
    const [job] = (await queuedJobs(shop.database.pool, 'send_email')).filter(
      (queued) => queued.payload.outboxId === failed.id,
    )
    expect(job).toMatchObject({ attempts: 10, maxAttempts: 10 })
    await runJobs()
    expect(smtp.refused.filter((mail) => mail.to.includes(customer.email))).toHaveLength(10)

    smtp.refuse(false)
    const retry = await admin.call('POST', `/api/admin/outbox/${failed.id}/retry`)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json()).toEqual({ ...failed, status: 'pending' })
    expect(await listedTo(customer.email, '?status=failed')).toEqual([])

    await runJobs()

    expect(smtp.accepted.filter((mail) => mail.to.includes(customer.email))).toHaveLength(1)
    expect(await listedTo(customer.email, '?status=sent')).toEqual([
      { ...failed, status: 'sent', attempts: 11, sentAt: '2026-11-25T14:00:00.000Z' },
    ])

    // a second click on a sent e-mail answers it as it is, and sends nothing more
    const again = await admin.call('POST', `/api/admin/outbox/${failed.id}/retry`)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ status: 'sent', attempts: 11 })
    await runJobs()
    expect(smtp.accepted.filter((mail) => mail.to.includes(customer.email))).toHaveLength(1)
  })
})

describe('GET /api/admin/outbox', () => {
  test('lists newest first, every status or one', async () => {
    const to = `outbox-list-${randomUUID()}@example.com`
    clock = new Date('2026-11-25T14:01:00.000Z')
    await enqueue(refundEmailTo(to))
    clock = new Date('2026-11-25T14:02:00.000Z')
    await enqueue(refundEmailTo(to))
    await runJobs()
    clock = new Date('2026-11-25T14:03:00.000Z')
    await enqueue(refundEmailTo(to))

    expect((await listedTo(to)).map(({ createdAt, status }) => [createdAt, status])).toEqual([
      ['2026-11-25T14:03:00.000Z', 'pending'],
      ['2026-11-25T14:02:00.000Z', 'sent'],
      ['2026-11-25T14:01:00.000Z', 'sent'],
    ])
    expect((await listedTo(to, '?status=pending')).map((email) => email.createdAt)).toEqual([
      '2026-11-25T14:03:00.000Z',
    ])
    expect(await listedTo(to, '?status=sent')).toEqual([
      expect.objectContaining({ sentAt: anyInstant, attempts: 1, lastError: null }),
      expect.objectContaining({ sentAt: anyInstant, attempts: 1, lastError: null }),
    ])
  })

  test('refuses a status it does not know', async () => {
    const response = await admin.call('GET', '/api/admin/outbox?status=bounced')
    expect(response.statusCode).toBe(400)
  })
})

describe('who may see and retry e-mails', () => {
  test('401 signed out, 403 for a customer', async () => {
    const id = randomUUID()
    for (const [method, url] of [
      ['GET', '/api/admin/outbox?status=failed'],
      ['POST', `/api/admin/outbox/${id}/retry`],
    ] as const) {
      const signedOut = await shop.app.inject({ method, url })
      expect(signedOut.statusCode, url).toBe(401)
      const customer = await signUp(shop, 'outbox-nosy')
      expect((await customer.call(method, url)).statusCode, url).toBe(403)
    }
  })

  test('retrying an e-mail that does not exist answers 404, a bad id 400', async () => {
    const missing = await admin.call('POST', `/api/admin/outbox/${randomUUID()}/retry`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'E-mail not found' })
    expect((await admin.call('POST', '/api/admin/outbox/not-an-id/retry')).statusCode).toBe(400)
  })
})
