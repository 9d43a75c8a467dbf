import { once } from 'node:events'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '#tests/setup/test-app.ts'
import { createSmtpMailer } from './smtp-mailer.ts'

/** The reset e-mail end to end through a real SMTP server started here. */
const received: { from: string; to: string[]; raw: string }[] = []
let server: SMTPServer
let smtpUrl: string
let shop: TestApp

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  const { port } = server.server.address() as AddressInfo
  smtpUrl = `smtp://127.0.0.1:${port}`
  shop = await createTestApp({
    mailer: createSmtpMailer({
      url: smtpUrl,
      from: 'Houston Farm to Door <hello@houstonfarmtodoor.com>',
    }),
  })
})

afterAll(async () => {
  await shop.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

test('forgot-password sends an HTML and plain-text message with a PUBLIC_URL link over SMTP', async () => {
  const email = `smtp-${Date.now()}@example.com`
  const join = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email,
      password: 'correct horse battery',
      firstName: 'Ana',
      lastName: 'Nguyen',
      phone: '7135550123',
      deliveryStreet: '4100 Montrose Blvd',
      deliveryCity: 'Houston',
      deliveryState: 'TX',
      deliveryZip: '77006',
    },
  })
  expect(join.statusCode).toBe(201)
  const forgot = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
  })
  expect(forgot.statusCode).toBe(200)

  await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1)
  const [message] = received
  expect(message?.from).toBe('hello@houstonfarmtodoor.com')
  expect(message?.to).toEqual([email])
  const raw = (message?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  expect(raw).toMatch(/^Subject: Reset your Houston Farm to Door password/m)
  expect(raw).toContain('Content-Type: text/plain')
  expect(raw).toContain('Content-Type: text/html')
  const token = new RegExp(`${TEST_PUBLIC_URL}/reset-password\\?token=([\\w-]+)`).exec(raw)?.[1]
  expect(token).toBeDefined()

  const reset = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: 'a fresh password' },
  })
  expect(reset.statusCode).toBe(200)
})

test('the same message sent twice with a messageId carries one Message-ID; without, each its own', async () => {
  const mailer = createSmtpMailer({ url: smtpUrl, from: 'hello@houstonfarmtodoor.com' })
  const to = `twice-${Date.now()}@example.com`
  const message = { to, subject: 'Your receipt', text: 'Thank you', html: '<p>Thank you</p>' }
  const messageId = '<outbox.5f1c2b7e-0000-4000-8000-000000000002@houstonfarmtodoor.com>'
  await mailer.send({ ...message, messageId })
  await mailer.send({ ...message, messageId })
  await mailer.send(message)
  await mailer.send(message)

  await expect.poll(() => received.filter((mail) => mail.to.includes(to)).length).toBe(4)
  const ids = received
    .filter((mail) => mail.to.includes(to))
    .map((mail) => /^Message-ID:\s*(\S+)/im.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1])
  expect(ids.slice(0, 2)).toEqual([messageId, messageId])
  expect(new Set(ids.slice(2)).size).toBe(2)
  expect(ids.slice(2)).not.toContain(messageId)
})

test('a mail server that never answers fails the send after the greeting timeout', async () => {
  const silent = net.createServer(() => {
    // accepts the connection and says nothing
  })
  silent.listen(0, '127.0.0.1')
  await once(silent, 'listening')
  const { port } = silent.address() as AddressInfo
  try {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: 'hello@houstonfarmtodoor.com',
      timeouts: { greetingTimeout: 300 },
    })
    const started = Date.now()
    await expect(
      mailer.send({ to: 'ana@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' }),
    ).rejects.toThrow(/greeting/i)
    expect(Date.now() - started).toBeLessThan(5_000)
  } finally {
    silent.close()
  }
})

test('a mail server that is down does not fail the request; the failure is logged', async () => {
  const offline = await createTestApp({
    mailer: createSmtpMailer({ url: 'smtp://127.0.0.1:9', from: 'shop@example.com' }),
  })
  try {
    const email = `down-${Date.now()}@example.com`
    await offline.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email,
        password: 'correct horse battery',
        firstName: 'Ana',
        lastName: 'Nguyen',
        phone: '7135550123',
        deliveryStreet: '4100 Montrose Blvd',
        deliveryCity: 'Houston',
        deliveryState: 'TX',
        deliveryZip: '77006',
      },
    })
    const forgot = await offline.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    })
    expect(forgot.statusCode).toBe(200)
  } finally {
    await offline.close()
  }
})
