import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { customerDetails, uniqueEmail } from '#tests/factories/customer.ts'
import { pngOf } from '#tests/fixtures/test-images.ts'
import { type Answer, type Customer, DEMO_CARD, demoBasket, quote } from './shop-client.ts'
import { startShop, type ShopProcess } from './shop-process.ts'

/**
 * The logs never hold a secret (docs/product.md#security): the built shop runs a whole journey
 * (a password reset and a staff invitation through the outbox's e-mails, sign-ins, a demo
 * checkout with a bank's return address, an image upload, a metrics scrape) and every secret it
 * saw, from tokens to session cookies and passwords, is looked for in all it printed. The
 * e-mails themselves (DATA_DIR/outbox) keep the whole links: that is where people follow them.
 */

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** a secret of the journey, with what it is, for the failure message */
type Secrets = Map<string, string>

const randomText = (bytes: number) => randomBytes(bytes).toString('base64url')

/**
 * A browser of the shop, over HTTP: its session cookie, and the Origin a browser sends (the
 * same-origin rule). Every session cookie it is given is a secret of the journey.
 */
function browser(shopUrl: string, email: string, secrets: Secrets): Customer {
  const cookies = new Map<string, string>()
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      const value = pair.slice(at + 1)
      if (!value) cookies.delete(name)
      else cookies.set(name, value)
      if (name === 'sid' && value) {
        const decoded = decodeURIComponent(value)
        secrets.set(value, `session cookie of ${email}`)
        secrets.set(decoded, `session cookie of ${email} (decoded)`)
        // the session's id without its signature
        secrets.set(decoded.slice(0, decoded.lastIndexOf('.')), `session id of ${email}`)
      }
    }
  }
  const call = async <T>(method: string, pathname: string, body?: unknown): Promise<Answer<T>> => {
    const response = await fetch(`${shopUrl}${pathname}`, {
      method,
      headers: {
        origin: shopUrl,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookies.size > 0 ? { cookie: cookieHeader() } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    remember(response)
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
  }
  const page = async (pathname: string, timeoutMs = 10_000) => {
    const response = await fetch(`${shopUrl}${pathname}`, {
      headers: { accept: 'text/html', ...(cookies.size > 0 ? { cookie: cookieHeader() } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    })
    remember(response)
    return response
  }
  return { email, call, fetch: page }
}

/** The link in the newest e-mail to `to` that matches `link` (quoted-printable undone). */
async function linkFromOutbox(dataDir: string, to: string, link: RegExp): Promise<string> {
  const outbox = path.join(dataDir, 'outbox')
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const files = (await fs.readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml'))
    const messages = await Promise.all(
      files
        .sort()
        .map(async (file) =>
          (await fs.readFile(path.join(outbox, file), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=3D/gi, '='),
        ),
    )
    const found = messages
      .reverse()
      .filter((message) => new RegExp(`^To: ${to}$`, 'mi').test(message))
      .map((message) => link.exec(message)?.[0])
      .find((match) => match !== undefined)
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no e-mail to ${to} with a link like ${link} in ${outbox}`)
}

const details = (email: string, password: string) => ({ ...customerDetails(email), password })

/** the answer's body, once its status is the one expected */
async function expectStatus<T>(answer: Promise<Answer<T>>, status: number): Promise<T> {
  const { status: got, body } = await answer
  expect(got, JSON.stringify(body)).toBe(status)
  return body
}

/** Every place a secret shows in the output, as "what: the line (shortened)". */
function secretsIn(output: string, secrets: Secrets): string[] {
  const lines = output.split('\n')
  return [...secrets].flatMap(([secret, what]) =>
    lines
      .filter((line) => line.includes(secret))
      .map((line) => `${what}: ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`),
  )
}

async function journey(logLevel: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-log-secrets-'))
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }))
  const secrets: Secrets = new Map()
  const adminEmail = uniqueEmail('admin')
  const adminPassword = `admin-${randomText(12)}`
  const sessionSecret = randomText(36)
  const metricsToken = randomText(24)
  secrets.set(adminPassword, 'the admin password')
  secrets.set(sessionSecret, 'SESSION_SECRET')
  secrets.set(metricsToken, 'METRICS_TOKEN')
  let shop: ShopProcess | undefined = await startShop({
    dataDir,
    env: {
      LOG_LEVEL: logLevel,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      SESSION_SECRET: sessionSecret,
      METRICS_TOKEN: metricsToken,
    },
  })
  cleanups.push(async () => shop?.stop())
  const url = shop.url

  // a customer signs up, forgets the password, resets it from the e-mail and signs in
  const customer = browser(url, uniqueEmail('customer'), secrets)
  const firstPassword = `first-${randomText(12)}`
  const newPassword = `second-${randomText(12)}`
  secrets.set(firstPassword, 'the customer password')
  secrets.set(newPassword, 'the customer new password')
  await expectStatus(
    customer.call('POST', '/api/auth/register', details(customer.email, firstPassword)),
    201,
  )
  await expectStatus(
    customer.call('POST', '/api/auth/forgot-password', { email: customer.email }),
    200,
  )
  const resetLink = await linkFromOutbox(dataDir, customer.email, /\/reset-password\?token=[\w%-]+/)
  const resetToken = decodeURIComponent(resetLink.slice(resetLink.indexOf('=') + 1))
  secrets.set(resetToken, 'the reset token')
  expect((await customer.fetch(resetLink)).status).toBe(200)
  await expectStatus(
    customer.call('POST', '/api/auth/reset-password', { token: resetToken, newPassword }),
    200,
  )
  const signIn = (who: Customer, password: string) =>
    who.call('POST', '/api/auth/login', { email: who.email, password })
  await expectStatus(signIn(customer, firstPassword), 401)
  await expectStatus(signIn(customer, newPassword), 200)

  // the admin signs in and invites a driver, who opens the e-mailed link and signs up
  const admin = browser(url, adminEmail, secrets)
  await expectStatus(signIn(admin, adminPassword), 200)
  const driver = browser(url, uniqueEmail('driver'), secrets)
  const driverPassword = `driver-${randomText(12)}`
  secrets.set(driverPassword, 'the driver password')
  await expectStatus(
    admin.call('POST', '/api/admin/staff', { email: driver.email, role: 'driver' }),
    201,
  )
  const invitationPath = await linkFromOutbox(dataDir, driver.email, /\/invitations\/[\w-]+/)
  const invitationToken = invitationPath.slice('/invitations/'.length)
  secrets.set(invitationToken, 'the invitation token')
  expect((await driver.fetch(invitationPath)).status).toBe(200)
  const api = `/api/invitations/${invitationToken}`
  expect(await expectStatus(driver.call('GET', api), 200)).toMatchObject({
    email: driver.email,
    role: 'driver',
  })
  const { email: _email, ...driverDetails } = details(driver.email, driverPassword)
  await expectStatus(driver.call('POST', `${api}/register`, driverDetails), 201)
  // the link works once: the second use is refused (and that refusal is logged too)
  await expectStatus(driver.call('POST', `${api}/accept`), 409)
  expect(await expectStatus(driver.call('GET', '/api/auth/admin-status'), 200)).toMatchObject({
    isDriver: true,
  })

  // the customer pays with the demo card; the bank's return address carries the client secret
  const items = await demoBasket(url)
  const amount = await quote(customer, items)
  const { paymentIntentId, clientSecret } = await expectStatus(
    customer.call<{ paymentIntentId: string; clientSecret: string }>(
      'POST',
      '/api/create-payment-intent',
      { amount, items },
    ),
    200,
  )
  secrets.set(clientSecret, 'the payment client secret')
  const secretPart = clientSecret.slice(clientSecret.indexOf('_secret_') + '_secret_'.length)
  secrets.set(secretPart, 'the payment client secret, its secret part')
  const confirmed = await expectStatus(
    customer.call<{ status: string }>(
      'POST',
      `/api/demo-payments/${paymentIntentId}/confirm`,
      DEMO_CARD,
    ),
    200,
  )
  expect(confirmed.status).toBe('requires_capture')
  const bankReturn = `/checkout?payment_intent=${paymentIntentId}&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`
  expect((await customer.fetch(bankReturn)).status).toBe(200)
  await expectStatus(customer.call('POST', '/api/orders', { paymentIntentId }), 201)

  // the admin uploads a product image to its signed address
  const image = await pngOf(64, 64)
  const { uploadURL } = await expectStatus(
    admin.call<{ uploadURL: string }>('POST', '/api/admin/upload-url', {
      contentType: 'image/png',
      size: image.length,
    }),
    200,
  )
  const signature = new URL(uploadURL, url).searchParams.get('signature') ?? ''
  expect(signature).not.toBe('')
  secrets.set(signature, 'the upload signature')
  const uploaded = await fetch(`${url}${uploadURL}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: image,
  })
  expect(uploaded.status, await uploaded.clone().text()).toBe(200)

  // a scraper reads the metrics with its token; everyone signs out
  const metrics = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  })
  expect(metrics.status).toBe(200)
  for (const visitor of [customer, admin, driver]) {
    await expectStatus(visitor.call('POST', '/api/auth/logout'), 200)
  }

  expect(await shop.stop()).toBe(0)
  const output = shop.output()
  shop = undefined
  return { output, secrets }
}

test.each(['info', 'debug'])(
  'at LOG_LEVEL=%s, no token, link secret, session, password or key reaches the logs',
  async (logLevel) => {
    const { output, secrets } = await journey(logLevel)
    // the journey was logged: the requests, the e-mails, the order
    expect(output).toContain('"msg":"request completed"')
    expect(output).toContain('"msg":"e-mail written to the outbox"')
    expect(output).toContain('"msg":"order created"')
    expect(secrets.size).toBeGreaterThanOrEqual(15)
    expect(secretsIn(output, secrets)).toEqual([])
    // with their secrets replaced, the addresses still say what was asked for
    for (const redacted of [
      '"url":"/api/invitations/[redacted]"',
      '"url":"/api/invitations/[redacted]/register"',
      '"url":"/invitations/[redacted]"',
      '"url":"/reset-password?token=[redacted]"',
      'payment_intent_client_secret=[redacted]&redirect_status=succeeded',
      '&signature=[redacted]"',
      '/reset-password?token=[redacted]"]',
      '/invitations/[redacted]"]',
    ]) {
      expect(output).toContain(redacted)
    }
  },
)
