import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { nextIp, signUp } from '#tests/factories/customer.ts'

/** every line the app logs, as written */
const written: string[] = []
const logged = () => written.map((line) => JSON.parse(line) as Record<string, unknown>)

let shop: TestApp
beforeAll(async () => {
  shop = await createTestApp({
    log: createLogger('info', { write: (line: string) => void written.push(line) }),
    // the reset e-mail fails, so the auth service logs it through the app-level logger
    mailer: { send: () => Promise.reject(new Error('SMTP is down')) },
  })
})
afterAll(() => shop.close())

async function forgotPassword(email: string, headers: Record<string, string> = {}) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    headers,
    remoteAddress: nextIp(),
  })
  expect(response.statusCode).toBe(200)
  const requestId = response.headers['x-request-id']
  expect(requestId).toMatch(/^[\w-]{8,64}$/)
  // the e-mail is sent after the answer: wait for the service's line about it
  await expect
    .poll(() =>
      logged().find(
        (line) => line['msg'] === 'sending the reset e-mail failed' && line['reqId'] === requestId,
      ),
    )
    .toBeDefined()
  return String(requestId)
}

test("a service's log line carries the id of the request it was written for", async () => {
  const { email } = await signUp(shop, 'request-id')
  const requestId = await forgotPassword(email)
  const serviceLine = logged().find((line) => line['msg'] === 'sending the reset e-mail failed')
  expect(serviceLine).toMatchObject({ reqId: requestId, level: 50 })
  // Fastify's own lines for the request carry the same id, once
  const requestLines = written.filter((line) => line.includes(requestId))
  expect(requestLines.length).toBeGreaterThanOrEqual(3)
  for (const line of requestLines) expect(line.split('"reqId"').length - 1).toBe(1)
})

test("a caller's request id is kept, in the answer and in the service's line", async () => {
  const { email } = await signUp(shop, 'request-id-given')
  const given = 'lb-7f3a9c1e-0001'
  expect(await forgotPassword(email, { 'x-request-id': given })).toBe(given)
})

test('lines written outside any request carry no request id', () => {
  const before = written.length
  shop.app.log.info('between requests')
  expect(JSON.parse(written[before] ?? '{}')).not.toHaveProperty('reqId')
})
