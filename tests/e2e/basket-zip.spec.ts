import type { Page } from '@playwright/test'
import { DELIVERY_ZIP_STORAGE_KEY } from '#shared/personal-state.ts'
import type { WaitlistEntry } from '#shared/schemas/admin.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * The basket drawer's "Delivering to ZIP …?" check (docs/product.md#basket,
 * docs/product.md#service-area): answered from the service-area list, remembered in the browser
 * with the header's check, offering the waitlist where we do not deliver, and never in the way
 * of adding to the basket or opening it.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' })
const zipField = (page: Page) => drawer(page).getByRole('textbox', { name: 'Delivering to ZIP' })
const remembered = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), DELIVERY_ZIP_STORAGE_KEY)

async function inStock(page: Page, category: string): Promise<Product> {
  const products = (await (
    await page.request.get(`/api/products?category=${category}`)
  ).json()) as Product[]
  const product = products.find((candidate) => candidate.inStock)
  if (!product) throw new Error(`no product in stock in ${category}`)
  return product
}

test(
  "the drawer's ZIP check: served, remembered across a reload, then not served with the waitlist",
  { tag: '@phone' },
  async ({ page, request }) => {
    const eggs = await inStock(page, 'dairy-eggs')
    await page.goto(`/product/${eggs.id}`)
    // nothing is asked before adding: the first item opens the drawer at once
    await page.getByRole('button', { name: `ADD TO CART, ${eggs.name}` }).click()
    const cart = drawer(page)
    await expect(cart).toBeVisible()
    await expect(cart.getByRole('list', { name: 'Items in your cart' })).toContainText(eggs.name)

    // the field takes digits only, five at most, and checks at five
    const field = zipField(page)
    await expect(field).toBeVisible()
    const check = cart.getByRole('button', { name: 'Check', exact: true })
    await field.fill('77a0')
    await expect(field).toHaveValue('770')
    await expect(check).toBeDisabled()
    await expectAccessible(page)
    await field.fill('770061')
    await expect(field).toHaveValue('77006')
    await check.click()

    // served: one line with a way to change it, the focus on that way
    await expect(cart.getByText('Delivering to 77006')).toBeVisible()
    await expect(field).toHaveCount(0)
    const change = cart.getByRole('button', { name: 'Change ZIP' })
    await expect(change).toBeFocused()
    expect(await remembered(page)).toBe('77006')
    await expectAccessible(page)

    // remembered: after a reload the drawer shows the answer without the field
    await page.reload()
    await page.getByRole('button', { name: 'Open cart, 1 product' }).click()
    await expect(cart.getByText('Delivering to 77006')).toBeVisible()
    await expect(field).toHaveCount(0)

    // Change brings the field back with the ZIP in it; a ZIP we do not serve
    await change.click()
    await expect(field).toBeFocused()
    await expect(field).toHaveValue('77006')
    await field.fill('78701')
    await field.press('Enter')
    await expect(cart.getByText("We don't deliver to 78701 yet")).toBeVisible()
    await expect(field).toHaveCount(0)
    expect(await remembered(page)).toBe('78701')
    await expectAccessible(page)

    // the waitlist offer is the shop's "tell me when you deliver" sign-up, with the ZIP
    const offer = cart.getByRole('button', { name: 'Tell me when you do' })
    await expect(offer).toHaveAttribute('aria-expanded', 'false')
    await offer.click()
    await expect(offer).toHaveAttribute('aria-expanded', 'true')
    const notify = cart.getByRole('region', { name: 'Tell me when you deliver to 78701' })
    await expect(notify).toBeVisible()
    await expectAccessible(page)
    const email = uniqueEmail('basket-zip')
    await notify.getByLabel('Email address').fill(email)
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/waitlist-emails') && response.request().method() === 'POST',
    )
    await notify.getByRole('button', { name: 'Notify me' }).click()
    const answer = await answered
    expect(answer.status()).toBe(200)
    expect(answer.request().postDataJSON()).toEqual({ email, zipCode: '78701' })
    await expect(cart.getByRole('status')).toHaveText(
      "Thanks! We'll e-mail you as soon as we start delivering to 78701.",
    )
    await expectAccessible(page)

    // the staff see the sign-up with its ZIP
    const signIn = await request.post('/api/auth/login', { data: ADMIN })
    expect(signIn.status(), await signIn.text()).toBe(200)
    const lists = (await (await request.get('/api/admin/emails')).json()) as {
      waitlist: WaitlistEntry[]
    }
    expect(lists.waitlist.find((entry) => entry.email === email)?.zipCode).toBe('78701')

    // not served never blocks the basket: a card's quick add still adds, the drawer still opens
    await page.keyboard.press('Escape')
    await expect(cart).toBeHidden()
    await page.goto('/shop/produce')
    await page
      .getByRole('main')
      .getByRole('button', { name: /^ADD, / })
      .first()
      .click()
    await page.getByRole('button', { name: 'Open cart, 2 products' }).click()
    await expect(
      cart.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
    ).toHaveCount(2)
    await expect(cart.getByText("We don't deliver to 78701 yet")).toBeVisible()
    await expect(cart.getByRole('button', { name: 'Checkout' })).toBeVisible()
  },
)

test(
  "the header's answer shows in the drawer, and the join form starts with it",
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/about')
    const phone = (page.viewportSize()?.width ?? 1280) < 640
    if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
    const header = page.getByRole('textbox', { name: 'Please enter your zip to check delivery' })
    await header.fill('77007')
    await header.press('Enter')
    const good = page.getByRole('dialog', { name: 'Great News!' })
    await expect(good).toContainText('We deliver to 77007!')
    expect(await remembered(page)).toBe('77007')
    await page.keyboard.press('Escape')
    await expect(good).toBeHidden()
    if (phone) {
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
    }

    // the empty basket's drawer shows it, without the field
    await page.getByRole('button', { name: 'Open cart, empty' }).click()
    const cart = drawer(page)
    await expect(cart.getByText('Your cart is empty')).toBeVisible()
    await expect(cart.getByText('Delivering to 77007')).toBeVisible()
    await expect(zipField(page)).toHaveCount(0)
    await expectAccessible(page)

    // the join form's ZIP starts as the remembered one, and can be changed
    await page.goto('/join')
    const main = page.getByRole('main')
    const field = (label: string) => main.getByLabel(label, { exact: true })
    await field('First name').fill('Lupe')
    await field('Last name').fill('Whitfield')
    await field('Email').fill(uniqueEmail('join-zip'))
    await field('Password').fill('blackberry-cobbler-3')
    await main.getByRole('button', { name: 'Continue' }).click()
    const zip = field('ZIP code')
    await expect(zip).toHaveValue('77007')
    await zip.fill('77006')
    await expect(zip).toHaveValue('77006')
  },
)

test(
  'an empty drawer checks a ZIP we do not serve, and the answer follows to other tabs',
  { tag: '@phone' },
  async ({ page, context }) => {
    await page.goto('/producers')
    await page.getByRole('button', { name: 'Open cart, empty' }).click()
    const cart = drawer(page)
    await zipField(page).fill('80202')
    await cart.getByRole('button', { name: 'Check', exact: true }).click()
    await expect(cart.getByText("We don't deliver to 80202 yet")).toBeVisible()
    await expect(cart.getByRole('button', { name: 'Change ZIP' })).toBeFocused()
    await expectAccessible(page)

    // another tab's drawer, open already, follows a new answer
    const other = await context.newPage()
    await other.goto('/producers')
    await other.getByRole('button', { name: 'Open cart, empty' }).click()
    await expect(drawer(other).getByText("We don't deliver to 80202 yet")).toBeVisible()
    await cart.getByRole('button', { name: 'Change ZIP' }).click()
    await zipField(page).fill('77002')
    await zipField(page).press('Enter')
    await expect(cart.getByText('Delivering to 77002')).toBeVisible()
    await expect(drawer(other).getByText('Delivering to 77002')).toBeVisible()
  },
)
