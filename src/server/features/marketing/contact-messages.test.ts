import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ContactMessageSchema, type ContactMessageInput } from '#shared/schemas/contact.ts'
import { contactMessages } from '#server/db/schema/index.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

let shop: TestApp
let lastIp = 0

beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop.close())

// each request from an address of its own, so the per-IP limit (tested apart) stays out of the way
const send = (payload: unknown) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/contact-messages',
    payload: payload as Record<string, unknown>,
    remoteAddress: `10.1.${Math.floor(++lastIp / 250)}.${lastIp % 250}`,
  })

const valid: ContactMessageInput = {
  firstName: 'Maria',
  lastName: 'Gonzalez',
  email: 'maria@example.com',
  phone: '(713) 555-0199',
  subject: 'order',
  message: 'Where is my Saturday delivery? It has not come yet.',
}

const expectRefused = async (payload: unknown, field: string, message: string) => {
  const response = await send(payload)
  expect(response.statusCode, `${field}: ${JSON.stringify(payload)}`).toBe(400)
  expect(response.json()).toEqual({ message, errors: { [field]: message } })
}

describe('POST /api/contact-messages', () => {
  test('stores the message and answers 201 with it', async () => {
    const response = await send({
      ...valid,
      firstName: '  Maria ',
      message: `  ${valid.message}  `,
    })
    expect(response.statusCode).toBe(201)
    const body = ContactMessageSchema.parse(response.json())
    const { id, createdAt, ...fields } = body
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(Date.now() - Date.parse(createdAt)).toBeLessThan(60_000)
    expect(fields).toEqual({
      firstName: 'Maria',
      lastName: 'Gonzalez',
      email: 'maria@example.com',
      phone: '(713) 555-0199',
      subject: 'order',
      message: valid.message,
    })
    expect(Object.keys(response.json<object>()).sort()).toEqual(
      Object.keys(ContactMessageSchema.shape).sort(),
    )
    const [row] = await shop.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, body.id))
    expect(row?.firstName).toBe('Maria')
    expect(row?.message).toBe(valid.message)
    expect(row?.createdAt.toISOString()).toBe(body.createdAt)
  })

  test('the phone is optional: left out or empty, it is stored as null', async () => {
    const { phone: _phone, ...withoutPhone } = valid
    for (const payload of [withoutPhone, { ...valid, phone: '' }, { ...valid, phone: '   ' }]) {
      const response = await send(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(201)
      const { id, phone } = ContactMessageSchema.parse(response.json())
      expect(phone).toBeNull()
      const [row] = await shop.database.db
        .select({ phone: contactMessages.phone })
        .from(contactMessages)
        .where(eq(contactMessages.id, id))
      expect(row).toEqual({ phone: null })
    }
  })

  test('takes every subject of the selector, and names at their limits', async () => {
    for (const subject of [
      'general',
      'order',
      'partnership',
      'feedback',
      'media',
      'careers',
      'other',
    ]) {
      expect((await send({ ...valid, subject })).statusCode, subject).toBe(201)
    }
    const limits = { firstName: 'Al', lastName: 'x'.repeat(50), message: 'm'.repeat(2000) }
    expect((await send({ ...valid, ...limits })).statusCode).toBe(201)
    expect((await send({ ...valid, message: 'Ten chars!' })).statusCode).toBe(201)
  })

  test.each([
    ['firstName', undefined, 'First name must be at least 2 characters'],
    ['firstName', 'A', 'First name must be at least 2 characters'],
    ['firstName', '  A  ', 'First name must be at least 2 characters'],
    ['firstName', 'x'.repeat(51), 'First name must be less than 50 characters'],
    ['firstName', 'Ann\r\nBcc: x@example.com', 'First name must be on one line'],
    ['lastName', undefined, 'Last name must be at least 2 characters'],
    ['lastName', 'G', 'Last name must be at least 2 characters'],
    ['lastName', 'x'.repeat(51), 'Last name must be less than 50 characters'],
    ['lastName', 'Gon\nzalez', 'Last name must be on one line'],
    ['email', undefined, 'Please enter a valid email address'],
    ['email', 'maria', 'Please enter a valid email address'],
    ['email', 'maria@example', 'Please enter a valid email address'],
    ['email', `${'m'.repeat(250)}@example.com`, 'Please enter a valid email address'],
    ['phone', 'call me', 'Please enter a valid phone number'],
    ['phone', '12345', 'Please enter a valid phone number'],
    ['phone', '7'.repeat(31), 'Please enter a valid phone number'],
    ['subject', undefined, 'Please select a valid subject'],
    ['subject', 'spam', 'Please select a valid subject'],
    ['subject', 'General Inquiry', 'Please select a valid subject'],
    ['message', undefined, 'Message must be at least 10 characters'],
    ['message', 'Too short', 'Message must be at least 10 characters'],
    ['message', `   ${'x'.repeat(9)}   `, 'Message must be at least 10 characters'],
    ['message', 'x'.repeat(2001), 'Message must be less than 2000 characters'],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    await expectRefused({ ...valid, [field]: value }, field, message)
  })

  test('a field of the wrong type gets its message too', async () => {
    await expectRefused(
      { ...valid, firstName: 42 },
      'firstName',
      'First name must be at least 2 characters',
    )
    await expectRefused(
      { ...valid, message: ['hello world!'] },
      'message',
      'Message must be at least 10 characters',
    )
  })

  test('an empty form names every required field, the first one as the message', async () => {
    const response = await send({})
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'First name must be at least 2 characters',
      errors: {
        firstName: 'First name must be at least 2 characters',
        lastName: 'Last name must be at least 2 characters',
        email: 'Please enter a valid email address',
        subject: 'Please select a valid subject',
        message: 'Message must be at least 10 characters',
      },
    })
  })

  test('unknown fields are refused by name', async () => {
    const response = await send({ ...valid, id: 'mine', isRead: true })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'Unknown field "id"',
      errors: { id: 'Unknown field "id"', isRead: 'Unknown field "isRead"' },
    })
  })

  test('a refused message stores nothing', async () => {
    const before = await shop.database.db.$count(contactMessages)
    await send({ ...valid, subject: 'spam' })
    expect(await shop.database.db.$count(contactMessages)).toBe(before)
  })
})
