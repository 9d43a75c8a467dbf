import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import { invitationPath } from './support/invitations.ts'

/**
 * Staff and roles (docs/product.md#staff): an admin invites a person, who opens the link from
 * the e-mail, signs up and reaches the admin area; the policy pages from the footer
 * (docs/product.md#policies); the waitlist's ZIPs outside the area (docs/product.md#demand).
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
const field = (page: Page, label: string) =>
  page.getByRole('main').getByLabel(label, { exact: true })
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ })

/** Fills the invitation's sign-up form, field by label in this order, and accepts. */
async function signUpFromInvitation(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value)
  await page.getByRole('button', { name: 'Create account and accept' }).click()
}

test('an admin invites a new admin, who signs up from the e-mail and reaches the admin area', async ({
  page,
  browser,
}) => {
  const login = await page.request.post('/api/auth/login', { data: ADMIN })
  expect(login.status(), await login.text()).toBe(200)
  await page.goto('/admin?tab=staff')
  await expect(page.getByRole('heading', { name: 'Staff', level: 2 })).toBeVisible()
  const members = page.getByRole('list', { name: 'Staff members' })
  await expect(members.getByText(ADMIN.email)).toBeVisible()

  const newcomer = uniqueEmail('new-admin')
  const form = page.getByRole('form', { name: 'Invite to the staff' })
  // the shared schema speaks before the server does
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(form.getByText('Please enter a valid email address')).toBeVisible()
  await form.getByLabel('E-mail address').fill(newcomer)
  await form.getByRole('combobox', { name: 'Role' }).click()
  await page.getByRole('option', { name: 'Admin' }).click()
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toasts(page).getByText('Invitation sent')).toBeVisible()
  const waiting = page.getByRole('list', { name: 'Invitations waiting' })
  await expect(waiting.getByText(newcomer)).toBeVisible()
  await expectAccessible(page)

  // the outbox sends it: the job runs now rather than at the minute's tick
  expect((await page.request.post('/api/test/run-due-jobs')).ok()).toBe(true)
  await expect.poll(() => invitationPath(newcomer)).toBeTruthy()
  const link = invitationPath(newcomer) ?? ''

  const context = await browser.newContext()
  const invited = await context.newPage()
  try {
    await invited.goto(link)
    await expect(invited).toHaveTitle('Your invitation | Houston Farm to Door')
    await expect(invited.getByRole('heading', { level: 1 })).toHaveText(
      'Join the staff as an admin',
    )
    await expect(field(invited, 'Email')).toHaveValue(newcomer)
    await expectAccessible(invited)
    await signUpFromInvitation(invited, {
      'First name': 'Rosa',
      'Last name': 'Delgado',
      Password: 'okra-and-tomatoes-7',
      'Street address': '2401 Taft St',
      City: 'Houston',
      'ZIP code': '77006',
      Phone: '(713) 555-0188',
    })
    await expect(invited.getByRole('heading', { level: 1 })).toHaveText("You're an admin now")
    await invited.getByRole('link', { name: 'Go to the admin area' }).click()
    await expect(invited.getByRole('heading', { name: 'Dashboard' })).toBeVisible()

    // the link works once
    await invited.goto(link)
    await expect(invited.getByRole('heading', { level: 1 })).toHaveText(
      'This invitation cannot be used',
    )
    await expect(invited.getByText('This invitation has already been used.')).toBeVisible()
  } finally {
    await context.close()
  }

  // the admin sees the newcomer on the staff, and removes them after a confirmation
  await page.reload()
  const rosa = members.getByRole('listitem', { name: 'Rosa Delgado, Admin' })
  await expect(rosa).toBeVisible()
  await expect(waiting.getByText(newcomer)).toBeHidden()
  await rosa.getByRole('button', { name: 'Remove' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Remove Rosa Delgado as admin?')
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(toasts(page).getByText('Role removed')).toBeVisible()
  await expect(rosa).toBeHidden()
})

test("a driver who lives outside the delivery area signs up from the invitation, lands on the driver's view, and the account menu leads back there", async ({
  page,
  browser,
}) => {
  const login = await page.request.post('/api/auth/login', { data: ADMIN })
  expect(login.status(), await login.text()).toBe(200)
  const newcomer = uniqueEmail('new-driver')
  const invited = await page.request.post('/api/admin/staff', {
    data: { email: newcomer, role: 'driver' },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  expect((await page.request.post('/api/test/run-due-jobs')).ok()).toBe(true)
  await expect.poll(() => invitationPath(newcomer)).toBeTruthy()

  const context = await browser.newContext()
  const driver = await context.newPage()
  try {
    await driver.goto(invitationPath(newcomer) ?? '')
    await expect(driver.getByRole('heading', { level: 1 })).toHaveText('Join the staff as a driver')
    await expect(driver.getByRole('group', { name: 'Your address' })).toContainText(
      'It need not be in the area we deliver to.',
    )
    await signUpFromInvitation(driver, {
      'First name': 'Dewayne',
      'Last name': 'Okafor',
      Password: 'crawfish-and-rice-9',
      'Street address': '812 Magazine Street',
      City: 'New Orleans',
      State: 'LA',
      'ZIP code': '70130',
      Phone: '(504) 555-0123',
    })
    await expect(toasts(driver).getByText("You're a driver now")).toBeVisible()
    await expect(driver).toHaveURL(/\/driver\/\d{4}-\d{2}-\d{2}$/)
    const saturday = driver.url()

    await driver.goto('/shop')
    await driver.getByRole('banner').getByRole('button', { name: 'Dewayne, your account' }).click()
    await driver.getByRole('menu').getByRole('menuitem', { name: "Driver's route" }).click()
    await expect(driver).toHaveURL(saturday)
  } finally {
    await context.close()
  }
})

test(
  'the footer’s policy links reach the three policy pages, each with its title',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/')
    const policies = page.getByRole('contentinfo').getByRole('list', { name: 'Policies' })
    await expect(policies.getByRole('link')).toHaveText([
      'Cancellation Policy',
      'Privacy Policy',
      'Terms of Service',
    ])
    for (const [label, url, title, words] of [
      ['Cancellation Policy', /\/cancellation-policy$/, 'Cancellation Policy', 'Wednesday 8:00 PM'],
      ['Privacy Policy', /\/privacy$/, 'Privacy Policy', 'Never your card number'],
      ['Terms of Service', /\/terms$/, 'Terms of Service', 'Prices and substitutions'],
    ] as const) {
      await page
        .getByRole('contentinfo')
        .getByRole('list', { name: 'Policies' })
        .getByRole('link', { name: label })
        .click()
      await expect(page).toHaveURL(url)
      await expect(page).toHaveTitle(`${title} | Houston Farm to Door`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.getByRole('main').getByText(words).first()).toBeVisible()
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/)
      await expectAccessible(page)
    }
  },
)

test('the Emails tab shows the waitlist’s ZIPs and the ZIPs we do not deliver to', async ({
  page,
}) => {
  const austin = uniqueEmail('austin')
  for (const email of [austin, uniqueEmail('austin-2')]) {
    const response = await page.request.post('/api/waitlist-emails', {
      data: { email, zipCode: '78705' },
    })
    expect(response.status()).toBe(200)
  }
  const login = await page.request.post('/api/auth/login', { data: ADMIN })
  expect(login.status()).toBe(200)
  await page.goto('/admin?tab=emails')
  const waitlist = page.getByRole('region', { name: 'Waitlist e-mails' })
  await expect(waitlist.getByRole('listitem').filter({ hasText: austin })).toContainText('78705')
  const unserved = page.getByRole('region', { name: 'Demand where we do not deliver' })
  await expect(unserved.getByRole('row', { name: /78705/ })).toContainText('2')
  await expectAccessible(page)
})
