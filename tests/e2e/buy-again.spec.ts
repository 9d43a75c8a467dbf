import type { Browser } from '@playwright/test'
import { decimalToCents } from '#shared/domain/money.ts'
import { paths } from '#shared/routes.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import { placeOrder, signUp } from './support/orders.ts'

/**
 * Buying again (docs/product.md#buy-again): a past order back into the basket at today's prices,
 * what cannot be had skipped and named, and the signed-in customer's "Buy again" row on /shop.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

/** The e2e admin's calls, in a context of its own. */
async function adminCalls(browser: Browser) {
  const context = await browser.newContext()
  const request = context.request
  const login = await request.post('/api/auth/login', { data: ADMIN })
  expect(login.status(), await login.text()).toBe(200)
  return { request, close: () => context.close() }
}

test(
  'a customer adds a past order to the basket, the out-of-stock item skipped and named, and sees it to buy again on /shop',
  { tag: '@phone' },
  async ({ page, browser }) => {
    const admin = await adminCalls(browser)
    const producers = (await (await admin.request.get('/api/admin/producers')).json()) as {
      id: string
      slug: string
    }[]
    const producerId = producers.find((producer) => producer.slug === 'atkinson-farms')?.id
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`
    const make = async (name: string, price: string) => {
      const made = await admin.request.post('/api/admin/products', {
        data: { name, price, category: 'pantry', producerId, stockCount: '1 lb' },
      })
      expect(made.status(), await made.text()).toBe(201)
      return (await made.json()) as Product
    }
    const honey = await make(`Buy Again Honey ${stamp}`, '35.00')
    const eggs = await make(`Buy Again Eggs ${stamp}`, '30.00')

    // four more of the demo catalogue's products, so the row has more than a phone's width of cards
    const others = (
      (await (await page.request.get('/api/products?category=produce')).json()) as Product[]
    )
      .filter((product) => product.inStock)
      .slice(0, 4)
    expect(others).toHaveLength(4)

    await signUp(page, 'buy-again')
    const order = await placeOrder(page, [
      { product: honey, quantity: 2 },
      { product: eggs, quantity: 1 },
      ...others.map((product) => ({ product, quantity: 1 })),
    ])
    const soldOut = await admin.request.patch(`/api/admin/products/${eggs.id}`, {
      data: { inStock: false },
    })
    expect(soldOut.status(), await soldOut.text()).toBe(200)

    await page.goto(paths.order(order.id))
    await page.getByRole('button', { name: /^Add these items to my basket/ }).click()
    // the first items into an empty basket open it
    const cart = page.getByRole('dialog', { name: 'Your Cart' })
    await expect(cart.getByRole('combobox', { name: `Quantity of ${honey.name}` })).toHaveValue('2')
    await expect(cart).not.toContainText(eggs.name)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('status').filter({ hasText: 'items added' })).toHaveText(
      `5 items added; ${eggs.name} is out of stock`,
    )
    await expectAccessible(page)

    // the shop's "Buy again" row: what this customer ordered and can still have
    await page.goto('/shop')
    const row = page.getByRole('region', { name: 'Buy again' })
    await expect(row).toContainText(honey.name)
    await expect(row).not.toContainText(eggs.name)
    await expectAccessible(page)
    // one row that scrolls sideways, not a grid pushing the shop down; each card adds in place
    const cards = row.getByRole('listitem')
    const tops = await cards.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    )
    expect(new Set(tops).size).toBe(1)
    const rowBox = await row.boundingBox()
    expect(rowBox?.height ?? 0).toBeLessThan((page.viewportSize()?.height ?? 0) * 0.75)
    // the basket holds the 2 honey added from the order: the card's stepper says so, and adds
    const honeyCard = cards.filter({ hasText: honey.name })
    await expect(honeyCard.getByRole('status')).toHaveText(`2 ${honey.name} in your basket`)
    await honeyCard.getByRole('button', { name: `Add one ${honey.name}` }).click()
    await expect(honeyCard.getByRole('status')).toHaveText(`3 ${honey.name} in your basket`)
    // the server's HTML is the same for everyone: the row is the browser's alone
    expect(await (await page.request.get('/shop')).text()).not.toContain('Buy again')

    // a visitor who is not signed in has no row
    const visitor = await browser.newContext()
    const visitorPage = await visitor.newPage()
    await visitorPage.goto('/shop')
    await expect(visitorPage.getByText(/^\d+ products$/)).toBeVisible()
    await expect(visitorPage.getByRole('region', { name: 'Buy again' })).toHaveCount(0)
    await visitor.close()

    for (const product of [honey, eggs]) {
      expect((await admin.request.delete(`/api/admin/products/${product.id}`)).status()).toBe(200)
    }
    await admin.close()
  },
)

test('the order history offers the same, on each past order', async ({ page, request }) => {
  await signUp(page, 'buy-again-history')
  const products = ((await (await request.get('/api/products')).json()) as Product[]).filter(
    (product) => product.inStock && product.category !== 'farm-boxes',
  )
  const dear = products
    .sort((a, b) => decimalToCents(b.price) - decimalToCents(a.price))
    .slice(0, 2)
  await placeOrder(
    page,
    dear.map((product) => ({ product, quantity: 3 })),
  )
  await page.goto('/order-history')
  await page.getByRole('button', { name: /^Order / }).click()
  await page.getByRole('button', { name: /^Add these items to my basket/ }).click()
  const cart = page.getByRole('dialog', { name: 'Your Cart' })
  for (const product of dear) {
    await expect(cart.getByRole('combobox', { name: `Quantity of ${product.name}` })).toHaveValue(
      '3',
    )
  }
  await page.keyboard.press('Escape')
  await expect(page.getByRole('status').filter({ hasText: 'items added' })).toHaveText(
    '2 items added',
  )
})
