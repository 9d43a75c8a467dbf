import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adminUsers, driverUsers, emailOutbox } from '#server/db/schema/index.ts'
import {
  customerDetails,
  nextIp,
  signUp,
  signUpAdmin,
  uniqueEmail,
  type Shopper,
} from '#tests/factories/customer.ts'
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '#tests/setup/test-app.ts'

let shop: TestApp
let admin: Shopper
let clock = new Date('2026-11-23T15:00:00Z')

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
  admin = await signUpAdmin(shop, 'staff-admin')
})
afterAll(() => shop.close())

const { email: _email, ...registration } = customerDetails('unused@example.com')

/** the link of the newest invitation e-mail written to the outbox for this address */
async function invitationLink(to: string): Promise<string> {
  const rows = await shop.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.recipient, to.toLowerCase()))
  const newest = rows
    .filter((row) => row.kind === 'staff_invitation')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]
  if (!newest) throw new Error(`no invitation e-mail to ${to}`)
  const link = /http:\/\/localhost:3000\/invitations\/[\w-]+/.exec(newest.textBody)?.[0]
  if (!link) throw new Error('no link in the invitation e-mail')
  return link
}

const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1)

const invite = (email: string, role: 'admin' | 'driver') =>
  admin.call('POST', '/api/admin/staff', { email, role })

const visitor = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  shop.app.inject({ method, url, remoteAddress: nextIp(), ...(payload ? { payload } : {}) })

const sessionCookie = (setCookie: string | string[] | undefined) =>
  [setCookie]
    .flat()
    .find((line) => line?.startsWith('sid='))
    ?.split(';')[0] ?? ''

describe('inviting (docs/product.md#staff)', () => {
  test('an invitation is e-mailed through the outbox with a 48-hour link, and listed as pending', async () => {
    const email = uniqueEmail('new-driver')
    const response = await invite(email.toUpperCase(), 'driver')
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({
      message: 'Invitation sent',
      invitation: {
        email,
        role: 'driver',
        invitedBy: admin.email,
        expiresAt: new Date(clock.getTime() + 48 * 3600_000).toISOString(),
      },
    })

    const link = await invitationLink(email)
    expect(link.startsWith(`${TEST_PUBLIC_URL}/invitations/`)).toBe(true)
    // the token is stored only as its hash
    const stored = await shop.database.db.execute<{ token_hash: string }>(
      `select token_hash from staff_invitations where email = '${email}'`,
    )
    expect(stored.rows.map((row) => row.token_hash)).not.toContain(tokenOf(link))

    const list = await admin.call('GET', '/api/admin/staff')
    expect(list.statusCode).toBe(200)
    expect(list.json<{ invitations: unknown[] }>().invitations).toContainEqual(
      expect.objectContaining({ email, role: 'driver' }),
    )
    const view = await visitor('GET', `/api/invitations/${tokenOf(link)}`)
    expect(view.statusCode).toBe(200)
    expect(view.json()).toEqual({
      email,
      role: 'driver',
      expiresAt: new Date(clock.getTime() + 48 * 3600_000).toISOString(),
      hasAccount: false,
    })
  })

  test('bad input answers 400 with the field’s message', async () => {
    const badEmail = await admin.call('POST', '/api/admin/staff', { email: 'nope', role: 'admin' })
    expect(badEmail.statusCode).toBe(400)
    expect(badEmail.json()).toMatchObject({
      errors: { email: 'Please enter a valid email address' },
    })
    const badRole = await admin.call('POST', '/api/admin/staff', {
      email: uniqueEmail('x'),
      role: 'owner',
    })
    expect(badRole.statusCode).toBe(400)
    expect(badRole.json()).toMatchObject({
      errors: { role: 'Please choose a role: admin or driver' },
    })
  })

  test('inviting someone who already has the role answers 409; another role is fine', async () => {
    const response = await invite(admin.email, 'admin')
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: `${admin.email} is already an admin.` })
    expect((await invite(admin.email, 'driver')).statusCode).toBe(201)
  })

  test('re-inviting an address replaces its pending invitation: the first link stops working', async () => {
    const email = uniqueEmail('twice')
    expect((await invite(email, 'driver')).statusCode).toBe(201)
    const first = await invitationLink(email)
    clock = new Date(clock.getTime() + 1000)
    expect((await invite(email, 'admin')).statusCode).toBe(201)
    const second = await invitationLink(email)
    expect(second).not.toBe(first)

    const old = await visitor('GET', `/api/invitations/${tokenOf(first)}`)
    expect(old.statusCode).toBe(404)
    expect(old.json()).toEqual({
      message: 'This invitation link is not valid. Ask an admin of the shop to send you a new one.',
    })
    const pending = (await admin.call('GET', '/api/admin/staff'))
      .json<{ invitations: { email: string; role: string }[] }>()
      .invitations.filter((invitation) => invitation.email === email)
    expect(pending).toEqual([expect.objectContaining({ role: 'admin' })])
  })
})

describe('accepting', () => {
  test('signing up through the link makes the account, signs it in and grants the role, once', async () => {
    const email = uniqueEmail('joining-admin')
    await invite(email, 'admin')
    const token = tokenOf(await invitationLink(email))

    const response = await visitor('POST', `/api/invitations/${token}/register`, registration)
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toEqual({
      message: 'Welcome aboard: your new role is ready.',
      role: 'admin',
    })
    const cookie = sessionCookie(response.headers['set-cookie'])
    const status = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/admin-status',
      headers: { cookie },
    })
    expect(status.json()).toEqual({ isAdmin: true, isDriver: false })
    const session = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    })
    expect(session.json()).toMatchObject({ email })

    const again = await visitor('POST', `/api/invitations/${token}/register`, registration)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      message: 'This invitation has already been used. Log in with the account that accepted it.',
    })
    expect((await visitor('GET', `/api/invitations/${token}`)).statusCode).toBe(409)
  })

  test('a driver who lives outside the delivery area signs up all the same, and the session says driver', async () => {
    const email = uniqueEmail('driver-from-out-of-town')
    await invite(email, 'driver')
    const token = tokenOf(await invitationLink(email))
    const home = {
      ...registration,
      deliveryStreet: '812 Magazine Street',
      deliveryCity: 'New Orleans',
      deliveryState: 'la',
      deliveryZip: '70130',
    }
    const response = await visitor('POST', `/api/invitations/${token}/register`, home)
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ role: 'driver' })
    const session = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: sessionCookie(response.headers['set-cookie']) },
    })
    expect(session.json()).toMatchObject({
      email,
      deliveryState: 'LA',
      deliveryZip: '70130',
      isAdmin: false,
      isDriver: true,
    })
    // and the driver can keep that address when changing the profile
    const { password: _password, ...profile } = home
    const changed = await shop.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      payload: { ...profile, phone: '(504) 555-0199' },
      headers: { cookie: sessionCookie(response.headers['set-cookie']) },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ phone: '(504) 555-0199', deliveryZip: '70130' })

    // the address must still be one: a ZIP of 5 digits, a state of 2 letters
    const other = uniqueEmail('driver-bad-zip')
    await invite(other, 'driver')
    const bad = await visitor(
      'POST',
      `/api/invitations/${tokenOf(await invitationLink(other))}/register`,
      { ...home, deliveryZip: '7013' },
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ errors: Record<string, string> }>().errors).toEqual({
      deliveryZip: 'ZIP code must be exactly 5 digits',
    })
  })

  test('a signed-in customer with the invited address accepts and becomes a driver', async () => {
    const customer = await signUp(shop, 'becomes-driver')
    await invite(customer.email, 'driver')
    const token = tokenOf(await invitationLink(customer.email))
    expect((await visitor('GET', `/api/invitations/${token}`)).json()).toMatchObject({
      hasAccount: true,
    })

    const anonymous = await visitor('POST', `/api/invitations/${token}/accept`)
    expect(anonymous.statusCode).toBe(401)
    const someoneElse = await signUp(shop, 'not-invited')
    const wrong = await someoneElse.call('POST', `/api/invitations/${token}/accept`)
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json<{ message: string }>().message).toContain(customer.email)

    const accepted = await customer.call('POST', `/api/invitations/${token}/accept`)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toMatchObject({ role: 'driver' })
    const drivers = await shop.database.db
      .select()
      .from(driverUsers)
      .where(eq(driverUsers.userId, customer.userId))
    expect(drivers).toHaveLength(1)
    // the session knows it at once: the driver's view opens without signing in again
    const status = await customer.call('GET', '/api/auth/admin-status')
    expect(status.json()).toEqual({ isAdmin: false, isDriver: true })
    const staff = (await admin.call('GET', '/api/admin/staff')).json<{
      staff: { userId: string; role: string; name: string; email: string }[]
    }>().staff
    expect(staff).toContainEqual(
      expect.objectContaining({
        userId: customer.userId,
        role: 'driver',
        email: customer.email,
        name: 'Maria Gonzalez',
      }),
    )
    // a customer is not a driver because of it: not an admin either
    expect((await customer.call('GET', '/api/admin/staff')).statusCode).toBe(403)
  })

  test('an invitation expires after 48 hours on the shop’s clock', async () => {
    const email = uniqueEmail('late')
    await invite(email, 'driver')
    const token = tokenOf(await invitationLink(email))
    const sent = clock
    clock = new Date(sent.getTime() + 48 * 3600_000 - 1000)
    expect((await visitor('GET', `/api/invitations/${token}`)).statusCode).toBe(200)

    clock = new Date(sent.getTime() + 48 * 3600_000)
    const view = await visitor('GET', `/api/invitations/${token}`)
    expect(view.statusCode).toBe(400)
    expect(view.json()).toEqual({
      message: 'This invitation has expired. Ask an admin of the shop to send you a new one.',
    })
    const register = await visitor('POST', `/api/invitations/${token}/register`, registration)
    expect(register.statusCode).toBe(400)
    // nobody was made
    const made = await shop.database.db.execute(`select 1 from users where email = '${email}'`)
    expect(made.rows).toHaveLength(0)
    // the admin's session has expired meanwhile too: sign in again for the next tests
    admin = await signUpAdmin(shop, 'staff-admin-2')
  })

  test('an unknown or malformed token answers with a clear message', async () => {
    expect((await visitor('GET', '/api/invitations/unknown-token')).json()).toEqual({
      message: 'This invitation link is not valid. Ask an admin of the shop to send you a new one.',
    })
    const malformed = await visitor('GET', '/api/invitations/%3Cscript%3E')
    expect(malformed.statusCode).toBe(400)
  })
})

describe('removing a role', () => {
  test('an admin removes another admin’s or a driver’s role', async () => {
    const other = await signUpAdmin(shop, 'removed-admin')
    const response = await admin.call('DELETE', `/api/admin/staff/${other.userId}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Role removed' })
    expect((await other.call('GET', '/api/admin/staff')).statusCode).toBe(403)

    const driver = await signUp(shop, 'removed-driver')
    await shop.database.db.insert(driverUsers).values({ userId: driver.userId })
    await shop.database.db.insert(adminUsers).values({ userId: driver.userId })
    const onlyDriving = await admin.call('DELETE', `/api/admin/staff/${driver.userId}?role=driver`)
    expect(onlyDriving.statusCode).toBe(200)
    const roles = (await admin.call('GET', '/api/admin/staff'))
      .json<{ staff: { userId: string; role: string }[] }>()
      .staff.filter((member) => member.userId === driver.userId)
      .map((member) => member.role)
    expect(roles).toEqual(['admin'])
  })

  test('an admin cannot remove their own admin role (409), nor a role nobody has (404)', async () => {
    const self = await admin.call('DELETE', `/api/admin/staff/${admin.userId}`)
    expect(self.statusCode).toBe(409)
    expect(self.json()).toEqual({
      message: 'You cannot remove your own admin role. Ask another admin to do it.',
    })
    const customer = await signUp(shop, 'no-role')
    const none = await admin.call('DELETE', `/api/admin/staff/${customer.userId}`)
    expect(none.statusCode).toBe(404)
    const badRole = await admin.call('DELETE', `/api/admin/staff/${customer.userId}?role=owner`)
    expect(badRole.statusCode).toBe(400)
  })

  test('two admins removing each other at once never leave the shop without an admin', async () => {
    const first = await signUpAdmin(shop, 'mutual-a')
    const second = await signUpAdmin(shop, 'mutual-b')
    await shop.database.db.execute(
      `delete from admin_users where user_id not in ('${first.userId}', '${second.userId}')`,
    )
    const answers = await Promise.all([
      first.call('DELETE', `/api/admin/staff/${second.userId}`),
      second.call('DELETE', `/api/admin/staff/${first.userId}`),
    ])
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses[0]).toBe(200)
    // the loser was either refused by the guard (the winner committed first) or, past the
    // guard, found itself the last admin
    expect([403, 409]).toContain(statuses[1])
    const loser = answers.find((answer) => answer.statusCode === 409)
    if (loser) {
      expect(loser.json()).toEqual({
        message:
          'The shop needs at least one admin. Invite another admin before removing this one.',
      })
    }
    expect(await shop.database.db.select().from(adminUsers)).toHaveLength(1)
  })
})
