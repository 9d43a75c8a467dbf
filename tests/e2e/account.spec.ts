import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * Accounts (docs/product.md#accounts): join, the user menu, log out, log in, the profile, a
 * forgotten password reset through the e-mail in the outbox, and the header following the
 * server's session. Sign-in, registration, forgot and reset are limited to 30 calls a minute
 * per IP, shared by both projects, so each test makes only the few calls its journey needs (at
 * most 5).
 */

/** Without SMTP_URL the shop writes every e-mail as an .eml file under DATA_DIR/outbox. */
const outbox = () => path.join(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'outbox')
const SERVICE_AREA_MESSAGE =
  'We currently deliver only within the Greater Houston area. Please check if your ZIP code is within our service area.'

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

function makeCustomer(tag: string) {
  return {
    firstName: 'Rosa',
    lastName: 'Delgado',
    email: uniqueEmail(tag),
    password: 'sunflower-fields-42',
    phone: '(713) 555-0182',
    deliveryStreet: '1200 Heights Blvd',
    deliveryApt: 'Unit 4',
    deliveryCity: 'Houston',
    deliveryState: 'TX',
    deliveryZip: '77008',
  }
}
type Customer = ReturnType<typeof makeCustomer>

/** An account made through the API, in a request context of its own: the page stays signed out. */
async function createAccount(request: APIRequestContext, customer: Customer) {
  const response = await request.post('/api/auth/register', { data: customer })
  expect(response.status(), await response.text()).toBe(201)
}

const field = (page: Page, label: string) =>
  page.getByRole('main').getByLabel(label, { exact: true })
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ })

/** Below the lg breakpoint the header's account corner lives in the menu drawer. */
const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024

async function openMenuDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click()
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await expect(drawer).toBeVisible()
  return drawer
}

/** The header shows the first name: the user menu's button, or "Signed in as" in the drawer. */
async function expectSignedInAs(page: Page, firstName: string) {
  if (isNarrow(page)) {
    const drawer = await openMenuDrawer(page)
    await expect(drawer.getByText(`Signed in as ${firstName}`)).toBeVisible()
    for (const name of ['Order History', 'Delivery', 'Profile']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(drawer.getByRole('link', { name: 'Log in' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
  } else {
    const header = page.getByRole('banner')
    const menuButton = header.getByRole('button', { name: `${firstName}, your account` })
    await expect(menuButton).toBeVisible()
    await expect(menuButton.getByText(firstName, { exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0)
  }
}

async function expectSignedOut(page: Page) {
  if (isNarrow(page)) {
    const drawer = await openMenuDrawer(page)
    await expect(drawer.getByRole('link', { name: 'Log in' })).toBeVisible()
    await expect(drawer.getByRole('link', { name: 'Join' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
  } else {
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Join' })).toBeVisible()
  }
}

async function logOut(page: Page, firstName: string) {
  if (isNarrow(page)) {
    const drawer = await openMenuDrawer(page)
    await drawer.getByRole('button', { name: 'Log out' }).click()
    await expect(drawer).toBeHidden()
  } else {
    await page
      .getByRole('banner')
      .getByRole('button', { name: `${firstName}, your account` })
      .click()
    const menu = page.getByRole('menu')
    for (const name of ['Order History', 'Delivery', 'Profile', 'Log out']) {
      await expect(menu.getByRole('menuitem', { name })).toBeVisible()
    }
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    )
    await expectAccessible(page)
    await menu.getByRole('menuitem', { name: 'Log out' }).click()
  }
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(password)
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click()
}

/**
 * The reset link in the newest e-mail to `address`. Bodies may be quoted-printable: soft line
 * breaks ("=" at a line's end) and "=3D" (an encoded "=") are undone before matching.
 */
function newestResetLink(address: string): string | undefined {
  let files: string[]
  try {
    files = fs.readdirSync(outbox()).filter((file) => file.endsWith('.eml'))
  } catch {
    return undefined
  }
  const messages = files
    .map((file) => path.join(outbox(), file))
    .map((file) => ({
      modified: fs.statSync(file).mtimeMs,
      text: fs
        .readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '='),
    }))
    .filter((message) => message.text.includes(address))
    .sort((a, b) => b.modified - a.modified)
  return messages[0]?.text.match(/https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>&]+/)?.[0]
}

test(
  'joins in two steps, sees the first name in the header and logs out',
  { tag: '@phone' },
  async ({ page }) => {
    const customer = makeCustomer('join')
    await page.goto('/join')
    await expect(page).toHaveTitle('Join | Houston Farm to Door')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account')
    const main = page.getByRole('main')
    const personalTab = main.getByRole('tab', { name: 'Personal Info' })
    const deliveryTab = main.getByRole('tab', { name: 'Delivery Address' })
    await expect(personalTab).toHaveAttribute('aria-selected', 'true')
    await expectAccessible(page)

    // Continue checks the Personal Info fields only, and stays on that tab
    await main.getByRole('button', { name: 'Continue' }).click()
    const personalErrors = [
      ['First name', 'First name must be at least 2 characters'],
      ['Last name', 'Last name must be at least 2 characters'],
      ['Email', 'Please enter a valid email address'],
      ['Password', 'Password must be at least 8 characters'],
    ] as const
    for (const [label, message] of personalErrors) {
      await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true')
      await expect(field(page, label)).toHaveAccessibleDescription(message)
    }
    await expect(field(page, 'First name')).toBeFocused()
    await expect(personalTab).toHaveAttribute('aria-selected', 'true')
    await expectAccessible(page)
    // the Delivery Address tab goes through the same check
    await deliveryTab.click()
    await expect(personalTab).toHaveAttribute('aria-selected', 'true')

    await field(page, 'First name').fill(customer.firstName)
    await field(page, 'Last name').fill(customer.lastName)
    await field(page, 'Email').fill(customer.email)
    await field(page, 'Password').fill(customer.password)
    await main.getByRole('button', { name: 'Continue' }).click()
    await expect(deliveryTab).toHaveAttribute('aria-selected', 'true')
    await expect(field(page, 'Street address')).toBeFocused()
    await expect(field(page, 'State')).toHaveValue('TX')

    await main.getByRole('button', { name: 'Create Account' }).click()
    const deliveryErrors = [
      ['Street address', 'Please enter a valid street address'],
      ['City', 'Please enter a valid city'],
      ['ZIP code', 'ZIP code must be exactly 5 digits'],
      ['Phone', 'Please enter a valid phone number'],
    ] as const
    for (const [label, message] of deliveryErrors) {
      await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true')
      await expect(field(page, label)).toHaveAccessibleDescription(message)
    }
    await expect(field(page, 'Apartment, suite, gate code (optional)')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expect(field(page, 'Street address')).toBeFocused()
    await expectAccessible(page)

    await field(page, 'Street address').fill(customer.deliveryStreet)
    await field(page, 'Apartment, suite, gate code (optional)').fill(customer.deliveryApt)
    await field(page, 'City').fill('Austin')
    // the state is upper-cased as typed and kept to 2 letters; the ZIP to 5 digits
    await field(page, 'State').clear()
    await field(page, 'State').pressSequentially('txa')
    await expect(field(page, 'State')).toHaveValue('TX')
    await field(page, 'ZIP code').pressSequentially('787-01x9')
    await expect(field(page, 'ZIP code')).toHaveValue('78701')
    await field(page, 'Phone').fill(customer.phone)
    await main.getByRole('button', { name: 'Create Account' }).click()
    await expect(field(page, 'ZIP code')).toHaveAccessibleDescription(SERVICE_AREA_MESSAGE)
    await expect(field(page, 'ZIP code')).toBeFocused()
    await expectAccessible(page)

    await field(page, 'City').fill(customer.deliveryCity)
    await field(page, 'ZIP code').fill(customer.deliveryZip)
    await main.getByRole('button', { name: 'Create Account' }).click()
    await expect(toasts(page).getByText('Account created!')).toBeVisible()
    await expect(page).toHaveURL(/\/shop$/)
    await expectSignedInAs(page, customer.firstName)

    // signed in, /join says so instead of offering a second account
    await page.goto('/join')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're logged in, Rosa")
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Go to the shop' }),
    ).toHaveAttribute('href', '/shop')

    await logOut(page, customer.firstName)
    await expect(toasts(page).getByText('Logged out successfully')).toBeVisible()
    await expect(toasts(page)).toContainText('You have been signed out of your account.')
    await expect(page).toHaveURL((url) => url.pathname === '/')
    await expectSignedOut(page)
    // the session is gone on the server too, not only in the page
    expect((await page.request.get('/api/auth/session')).status()).toBe(401)
    await page.reload()
    await expectSignedOut(page)
  },
)

test('a visitor without a session sees a log-in prompt on /profile', async ({ page }) => {
  await page.goto('/profile')
  await expect(page).toHaveTitle('Your Profile | Houston Farm to Door')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to see your profile')
  await expectAccessible(page)
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test.describe('with an account', () => {
  test.use({
    // a wrong password is answered 401 and a spent reset link 400, on purpose
    expectedConsoleErrors: [
      /status of (401 .*\/api\/auth\/login|400 .*\/api\/auth\/reset-password)\)$/,
    ],
  })

  test(
    "logs in: 'Login failed' for a wrong password, 'Welcome back!' for the right one",
    { tag: '@phone' },
    async ({ page, request }) => {
      const customer = makeCustomer('login')
      await createAccount(request, customer)

      await page.goto('/login')
      await expect(page).toHaveTitle('Log in | Houston Farm to Door')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in')
      const main = page.getByRole('main')
      await expect(main.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
        'href',
        '/forgot-password',
      )
      await expect(main.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
        'href',
        '/join',
      )
      await expectAccessible(page)

      // checked in the browser: nothing is sent
      await main.getByRole('button', { name: 'Log in' }).click()
      await expect(field(page, 'Email')).toHaveAccessibleDescription(
        'Please enter a valid email address',
      )
      await expect(field(page, 'Password')).toHaveAccessibleDescription('Password is required')
      await expectAccessible(page)

      await field(page, 'Email').fill(customer.email)
      await field(page, 'Password').fill('not-my-password')
      await main.getByRole('button', { name: 'Log in' }).click()
      await expect(toasts(page).getByText('Login failed')).toBeVisible()
      await expect(toasts(page)).toContainText('Invalid email or password')
      await expect(page).toHaveURL(/\/login$/)
      await expectSignedOut(page)

      await field(page, 'Password').fill(customer.password)
      await main.getByRole('button', { name: 'Log in' }).click()
      await expect(toasts(page).getByText('Welcome back!')).toBeVisible()
      await expect(page).toHaveURL(/\/shop$/)
      await expectSignedInAs(page, customer.firstName)

      // signed in, /login says so and offers the shop (no redirect loop)
      await page.goto('/login')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're logged in, Rosa")
      await expectAccessible(page)
    },
  )

  test('edits the profile: Cancel restores the details, Save Changes keeps them', async ({
    page,
    request,
  }) => {
    const customer = makeCustomer('profile')
    await createAccount(request, customer)
    await logIn(page, customer.email, customer.password)
    await expect(page).toHaveURL(/\/shop$/)

    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Profile')
    const main = page.getByRole('main')
    await expect(main).toContainText('Rosa Delgado')
    await expect(main).toContainText(customer.email)
    await expect(main).toContainText("Your e-mail address can't be changed")
    await expect(main).toContainText(customer.phone)
    await expect(main.locator('address')).toHaveText(
      /1200 Heights Blvd\s*Unit 4\s*Houston, TX 77008/,
    )
    await expectAccessible(page)

    await main.getByRole('button', { name: 'Edit Profile' }).click()
    await expect(field(page, 'First name')).toBeFocused()
    await expect(field(page, 'Email')).toBeDisabled()
    await expect(field(page, 'Email')).toHaveValue(customer.email)
    await expect(field(page, 'Email')).toHaveAccessibleDescription(
      "Your e-mail address can't be changed.",
    )
    await expectAccessible(page)
    await field(page, 'First name').fill('Rosalind')
    await field(page, 'Street address').fill('99 Somewhere Else')
    await main.getByRole('button', { name: 'Cancel' }).click()
    await expect(main.getByRole('button', { name: 'Edit Profile' })).toBeVisible()
    await expect(main).toContainText('Rosa Delgado')
    await expect(main.locator('address')).toContainText('1200 Heights Blvd')

    await main.getByRole('button', { name: 'Edit Profile' }).click()
    await expect(field(page, 'First name')).toHaveValue('Rosa')
    await expect(field(page, 'Street address')).toHaveValue('1200 Heights Blvd')
    // checked in the browser first, with the same rules as registration
    await field(page, 'ZIP code').fill('78701')
    await main.getByRole('button', { name: 'Save Changes' }).click()
    await expect(field(page, 'ZIP code')).toHaveAccessibleDescription(SERVICE_AREA_MESSAGE)

    await field(page, 'First name').fill('Rosalind')
    await field(page, 'City').fill('Katy')
    await field(page, 'ZIP code').fill('77494')
    await field(page, 'Apartment, suite, gate code (optional)').clear()
    await main.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toasts(page).getByText('Profile updated')).toBeVisible()
    await expect(main.getByRole('button', { name: 'Edit Profile' })).toBeVisible()
    await expect(main).toContainText('Rosalind Delgado')
    await expect(main.locator('address')).toHaveText(/1200 Heights Blvd\s*Katy, TX 77494/)
    await expectSignedInAs(page, 'Rosalind')

    // kept by the server, not only in the page
    await page.reload()
    await expect(main).toContainText('Rosalind Delgado')
  })

  test('resets a forgotten password through the e-mailed link, which then works no more', async ({
    page,
    request,
  }) => {
    const customer = makeCustomer('reset')
    await createAccount(request, customer)
    const newPassword = 'harvest-moon-2025'

    await page.goto('/forgot-password')
    await expect(page).toHaveTitle('Forgot your password? | Houston Farm to Door')
    await expectAccessible(page)
    const main = page.getByRole('main')
    await main.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(field(page, 'Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    )
    await field(page, 'Email').fill(customer.email)
    await main.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check Your Email')
    await expect(main).toContainText(customer.email)
    await expectAccessible(page)

    await expect.poll(() => newestResetLink(customer.email), { timeout: 10_000 }).toBeTruthy()
    const link = new URL(newestResetLink(customer.email) ?? '')
    // the shop under test, whatever PUBLIC_URL the e-mail was written with
    const resetPath = `${link.pathname}${link.search}`
    await page.goto(resetPath)
    await expect(page).toHaveTitle('Reset your password | Houston Farm to Door')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password')
    await expectAccessible(page)

    await field(page, 'New password').fill('short')
    await field(page, 'Confirm new password').fill('short')
    await main.getByRole('button', { name: 'Reset Password' }).click()
    await expect(field(page, 'New password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    )
    await field(page, 'New password').fill(newPassword)
    await field(page, 'Confirm new password').fill(`${newPassword}!`)
    await main.getByRole('button', { name: 'Reset Password' }).click()
    await expect(field(page, 'Confirm new password')).toHaveAccessibleDescription(
      "Passwords don't match",
    )
    await field(page, 'Confirm new password').fill(newPassword)
    await main.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password updated')
    const resetAt = Date.now()
    await expectAccessible(page)
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 })
    expect(Date.now() - resetAt).toBeGreaterThan(2000)

    await logIn(page, customer.email, newPassword)
    await expect(toasts(page).getByText('Welcome back!')).toBeVisible()
    await expect(page).toHaveURL(/\/shop$/)

    // the link works once
    await page.goto(resetPath)
    await field(page, 'New password').fill('another-password-1')
    await field(page, 'Confirm new password').fill('another-password-1')
    await main.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid Link')
    await expect(main).toContainText('Invalid reset token. Please request a new reset link.')
    await expectAccessible(page)
    await main.getByRole('link', { name: 'Request New Reset Link' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
  })
})

test.describe('signed in is what the server says', () => {
  // a session ended elsewhere is answered 401 once, on purpose
  test.use({ expectedConsoleErrors: [/status of 401 .*\/api\/auth\/session\)$/] })

  test('a browser signed in before the hint cookie existed still shows the user, and gets the cookie', async ({
    page,
    context,
    request,
  }) => {
    const customer = makeCustomer('old-note')
    await createAccount(request, customer)
    await logIn(page, customer.email, customer.password)
    await expect(page).toHaveURL(/\/shop$/)
    // as an earlier version left it: the session cookie and a localStorage note, no hint
    await context.clearCookies({ name: 'signed_in' })
    await page.evaluate(() => localStorage.setItem('signedIn', '1'))
    await page.reload()
    await expectSignedInAs(page, customer.firstName)
    const names = (await context.cookies()).map((cookie) => cookie.name)
    expect(names).toContain('signed_in')
    expect(await page.evaluate(() => localStorage.getItem('signedIn'))).toBeNull()
  })

  test('cleared storage and a second tab show the user; a session ended elsewhere signs both out', async ({
    page,
    context,
    browser,
    request,
  }) => {
    const customer = makeCustomer('one-truth')
    await createAccount(request, customer)
    await logIn(page, customer.email, customer.password)
    await expect(page).toHaveURL(/\/shop$/)
    await expectSignedInAs(page, customer.firstName)

    // the shop's cookies say who this is, whatever the page's storage holds
    await page.evaluate(() => localStorage.clear())
    await page.reload()
    await expectSignedInAs(page, customer.firstName)
    const second = await context.newPage()
    await second.goto('/producers')
    await expectSignedInAs(second, customer.firstName)

    // the same cookies sign out in another browser: the session's row is gone
    const elsewhere = await browser.newContext({ storageState: await context.storageState() })
    expect((await elsewhere.request.post('/api/auth/logout')).status()).toBe(200)
    await elsewhere.close()

    // the served page shows "Log in" until the app has asked the server, so wait for the answer
    const sessionAnswer = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/session'),
    )
    await page.reload()
    expect((await sessionAnswer).status()).toBe(401)
    await expectSignedOut(page)
    const names = (await context.cookies()).map((cookie) => cookie.name)
    expect(names).not.toContain('signed_in')
    expect(names).not.toContain('sid')
    // the other tab agrees as soon as it is looked at again, without a reload
    await second.evaluate(() =>
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
    )
    await expectSignedOut(second)
  })
})

test('a reset link without a token says so, then goes to /forgot-password', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid Link')
  await expect(toasts(page).getByText('Invalid Link')).toBeVisible()
  await expect(toasts(page)).toContainText(
    'This password reset link is invalid. Please request a new one.',
  )
  await expectAccessible(page)
  await expect(page).toHaveURL(/\/forgot-password$/, { timeout: 5000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?')
})
