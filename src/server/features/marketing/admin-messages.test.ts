import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contactMessages, newsletterEmails, waitlistEmails } from '#server/db/schema/index.ts'
import { nextIp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

// 9 PM on Nov 24 in Houston is already Nov 25 in UTC: the file name must say the 24th
const NOW = new Date('2026-11-25T03:00:00Z')
const anyUuid: unknown = expect.stringMatching(/^[0-9a-f-]{36}$/)
const anyInstant: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
let shop: TestApp
let admin: Shopper

beforeAll(async () => {
  shop = await createTestApp({ now: () => NOW })
  admin = await signUpAdmin(shop, 'messages-admin')
})
afterAll(() => shop.close())

const postAsVisitor = (url: string, payload: Record<string, unknown>) =>
  shop.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() })

describe('contact messages', () => {
  const older = {
    firstName: 'Ana',
    lastName: 'Lopez',
    email: 'ana@example.com',
    phone: null,
    subject: 'order',
    message: 'Where is my Saturday box?',
    createdAt: new Date('2020-11-20T15:00:00Z'),
  }
  const oldest = { ...older, firstName: 'Bo', createdAt: new Date('2020-11-01T15:00:00Z') }

  beforeAll(async () => {
    await shop.database.db.insert(contactMessages).values([older, oldest])
  })

  test('lists every message newest first with the total count', async () => {
    const sent = await postAsVisitor('/api/contact-messages', {
      firstName: 'Carla',
      lastName: 'Nguyen',
      email: 'carla@example.com',
      phone: '(713) 555-0100',
      subject: 'partnership',
      message: 'We grow okra in Katy and would love to sell through you.',
    })
    expect(sent.statusCode, sent.body).toBe(201)

    const response = await admin.call('GET', '/api/admin/contact-messages')
    expect(response.statusCode).toBe(200)
    const body = response.json<{ contactMessages: { firstName: string }[]; totalCount: number }>()
    expect(body.totalCount).toBe(3)
    expect(body.contactMessages.map((message) => message.firstName)).toEqual(['Carla', 'Ana', 'Bo'])
    expect(body.contactMessages[0]).toEqual({
      id: anyUuid,
      firstName: 'Carla',
      lastName: 'Nguyen',
      email: 'carla@example.com',
      phone: '(713) 555-0100',
      subject: 'partnership',
      message: 'We grow okra in Katy and would love to sell through you.',
      createdAt: anyInstant,
    })
    expect(body.contactMessages[1]).toEqual({
      ...older,
      id: anyUuid,
      createdAt: '2020-11-20T15:00:00.000Z',
    })
  })

  test('deleting a message answers "Message deleted"; it is gone and a second delete is 404', async () => {
    const [row] = await shop.database.db
      .insert(contactMessages)
      .values({ ...older, firstName: 'Dee', message: 'Please delete me after reading.' })
      .returning({ id: contactMessages.id })
    const url = `/api/admin/contact-messages/${row?.id}`

    const deleted = await admin.call('DELETE', url)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toEqual({ message: 'Message deleted' })

    const list = await admin.call('GET', '/api/admin/contact-messages')
    const names = list.json<{ contactMessages: { firstName: string }[] }>().contactMessages
    expect(names.map((message) => message.firstName)).not.toContain('Dee')

    const again = await admin.call('DELETE', url)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ message: 'Message not found' })
  })

  test('an unknown id is 404 and an id that is not a UUID is 400', async () => {
    const unknown = await admin.call('DELETE', `/api/admin/contact-messages/${randomUUID()}`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Message not found' })

    const malformed = await admin.call('DELETE', '/api/admin/contact-messages/not-a-uuid')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ message: 'Id must be a UUID' })
  })
})

describe('mailing lists', () => {
  type Emails = {
    waitlist: { id: string; email: string; created_at: string; zipCode: string | null }[]
    newsletter: { id: string; email: string; created_at: string }[]
    totalCount: number
    outsideServiceArea: { zipCode: string; signUps: number }[]
  }
  const emails = async () => {
    const response = await admin.call('GET', '/api/admin/emails')
    expect(response.statusCode).toBe(200)
    return response.json<Emails>()
  }
  const csv = () => admin.call('GET', '/api/admin/emails.csv')
  /** the CSV's records, split the way a spreadsheet would (no cell here holds a line break) */
  const records = (body: string) => body.trimEnd().split('\r\n')

  test('starts empty', async () => {
    expect(await emails()).toEqual({
      waitlist: [],
      newsletter: [],
      totalCount: 0,
      outsideServiceArea: [],
    })
    const response = await csv()
    expect(response.statusCode).toBe(200)
    expect(records(response.body)).toEqual(['Email,Type,Date,ZIP'])
  })

  test('lists sign-ups of both forms newest first, counting every row of both lists', async () => {
    for (const [url, email] of [
      ['/api/newsletter-emails', 'first.news@example.com'],
      ['/api/waitlist-emails', 'first.wait@example.com'],
      ['/api/newsletter-emails', 'second.news@example.com'],
      // on both lists: one row in each, so it counts twice
      ['/api/waitlist-emails', 'both@example.com'],
      ['/api/newsletter-emails', 'both@example.com'],
      // a known address again: still one row
      ['/api/newsletter-emails', 'FIRST.NEWS@example.com'],
    ] as const) {
      const response = await postAsVisitor(url, { email })
      expect(response.statusCode, `${url} ${email}`).toBe(200)
    }

    const lists = await emails()
    expect(lists.totalCount).toBe(5)
    expect(lists.newsletter.map((entry) => entry.email)).toEqual([
      'both@example.com',
      'second.news@example.com',
      'first.news@example.com',
    ])
    expect(lists.waitlist.map((entry) => entry.email)).toEqual([
      'both@example.com',
      'first.wait@example.com',
    ])
    expect(lists.waitlist[0]).toEqual({
      id: anyUuid,
      email: 'both@example.com',
      created_at: anyInstant,
      zipCode: null,
    })
  })

  test('the CSV is a download named with the Houston date, not cached, one row per list entry', async () => {
    await shop.database.db.delete(newsletterEmails)
    await shop.database.db.delete(waitlistEmails)
    await shop.database.db.insert(newsletterEmails).values([
      { email: 'old.news@example.com', createdAt: new Date('2026-10-01T12:00:00Z') },
      { email: 'new.news@example.com', createdAt: new Date('2026-11-02T12:30:00Z') },
    ])
    await shop.database.db
      .insert(waitlistEmails)
      .values({ email: 'wait@example.com', createdAt: new Date('2026-11-03T01:00:00Z') })

    const response = await csv()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="emails-2026-11-24.csv"',
    )
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toBe(
      [
        'Email,Type,Date,ZIP',
        'new.news@example.com,Newsletter,2026-11-02T12:30:00.000Z,',
        'old.news@example.com,Newsletter,2026-10-01T12:00:00.000Z,',
        'wait@example.com,Waitlist,2026-11-03T01:00:00.000Z,',
        '',
      ].join('\r\n'),
    )
  })

  test('cells that a spreadsheet would run as a formula start with an apostrophe', async () => {
    await shop.database.db.delete(newsletterEmails)
    await shop.database.db.delete(waitlistEmails)
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute))
    await shop.database.db.insert(newsletterEmails).values([
      { email: '=cmd@x.com', createdAt: at(5) },
      { email: '+1@x.com', createdAt: at(4) },
      { email: '-2+3@x.com', createdAt: at(3) },
      { email: '@sum@x.com', createdAt: at(2) },
      { email: '\t=1+1@x.com', createdAt: at(1) },
      { email: 'a=b@x.com', createdAt: at(0) },
    ])
    await shop.database.db.insert(waitlistEmails).values({ email: '\r=2@x.com', createdAt: at(0) })

    const response = await csv()
    expect(response.statusCode).toBe(200)
    expect(records(response.body)).toEqual([
      'Email,Type,Date,ZIP',
      "'=cmd@x.com,Newsletter,2026-11-20T12:05:00.000Z,",
      "'+1@x.com,Newsletter,2026-11-20T12:04:00.000Z,",
      "'-2+3@x.com,Newsletter,2026-11-20T12:03:00.000Z,",
      "'@sum@x.com,Newsletter,2026-11-20T12:02:00.000Z,",
      "'\t=1+1@x.com,Newsletter,2026-11-20T12:01:00.000Z,",
      // only the first character matters
      'a=b@x.com,Newsletter,2026-11-20T12:00:00.000Z,',
      // a carriage return inside a cell also makes the writer quote it
      `"'\r=2@x.com",Waitlist,2026-11-20T12:00:00.000Z,`,
    ])
  })

  test('cells holding commas or quotes are quoted', async () => {
    await shop.database.db.delete(newsletterEmails)
    await shop.database.db.delete(waitlistEmails)
    await shop.database.db.insert(waitlistEmails).values([
      { email: '"quoted"@x.com', createdAt: new Date('2026-11-21T10:00:00Z') },
      { email: 'a,b@x.com', createdAt: new Date('2026-11-20T10:00:00Z') },
    ])

    const response = await csv()
    expect(records(response.body)).toEqual([
      'Email,Type,Date,ZIP',
      '"""quoted""@x.com",Waitlist,2026-11-21T10:00:00.000Z,',
      '"a,b@x.com",Waitlist,2026-11-20T10:00:00.000Z,',
    ])
  })
  test('the waitlist shows each sign-up’s ZIP, in the list and the CSV, and counts the ZIPs we do not serve (docs/product.md#demand)', async () => {
    await shop.database.db.delete(newsletterEmails)
    await shop.database.db.delete(waitlistEmails)
    for (const [email, zipCode] of [
      ['katy@example.com', '77494'],
      ['austin.1@example.com', '78701'],
      ['austin.2@example.com', '78701'],
      ['dallas@example.com', '75201'],
      ['austin.3@example.com', '78701'],
      ['galveston.1@example.com', '77550'],
      ['sugar.land@example.com', '77479'],
      ['galveston.2@example.com', '77554'],
      ['no.zip@example.com', undefined],
      ['dallas.2@example.com', '75201'],
    ] as const) {
      const response = await postAsVisitor('/api/waitlist-emails', {
        email,
        ...(zipCode ? { zipCode } : {}),
      })
      expect(response.statusCode, email).toBe(200)
    }

    const lists = await emails()
    expect(lists.waitlist.find((entry) => entry.email === 'katy@example.com')).toMatchObject({
      zipCode: '77494',
    })
    expect(lists.waitlist.find((entry) => entry.email === 'no.zip@example.com')).toMatchObject({
      zipCode: null,
    })
    // served ZIPs (77494, 77479, 77550, 77554) are not demand elsewhere; most sign-ups first
    expect(lists.outsideServiceArea).toEqual([
      { zipCode: '78701', signUps: 3 },
      { zipCode: '75201', signUps: 2 },
    ])

    const rows = records((await csv()).body)
    expect(rows[0]).toBe('Email,Type,Date,ZIP')
    expect(rows.find((row) => row.startsWith('austin.1@example.com,'))).toMatch(
      /^austin\.1@example\.com,Waitlist,[^,]+,78701$/,
    )
    expect(rows.find((row) => row.startsWith('no.zip@example.com,'))).toMatch(/,Waitlist,[^,]+,$/)
  })
})
