import { decimalToCents } from '#shared/domain/money.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * The product page (docs/product.md#catalogue): details, ADD TO CART → ADD (n), the kept basket,
 * SUBSCRIBE.
 */
test(
  'a product page shows its details and adds to the basket, which survives a reload',
  { tag: '@phone' },
  async ({ page, request }) => {
    const products = (await (
      await request.get('/api/products?category=dairy-eggs')
    ).json()) as Product[]
    const product = products.find((candidate) => candidate.inStock)!
    await page.goto(`/product/${product.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name)
    await expect(page).toHaveTitle(`${product.name} | Houston Farm to Door`)
    await expect(
      page.locator('main p', { hasText: /^From / }).getByRole('link', { name: product.farmSource }),
    ).toHaveAttribute('href', `/producer/${product.producerSlug}`)
    await expect(page.getByRole('main')).toContainText(`$${product.price}`)
    await expectAccessible(page)

    const add = page.getByRole('button', { name: /^ADD (TO CART|\(\d+\)), / })
    await expect(add).toHaveText('ADD TO CART')
    await expect(add).toHaveAccessibleName(`ADD TO CART, ${product.name}`)
    await add.click()
    // the first item opens the basket drawer; close it to go on shopping
    await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(add).toHaveText('ADD (1)')
    await expect(add).toHaveAccessibleName(`ADD (1), ${product.name}, 1 in your basket`)
    await add.click()
    await expect(add).toHaveText('ADD (2)')
    await expect(add).toHaveAccessibleName(`ADD (2), ${product.name}, 2 in your basket`)
    const stored = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('cart') ?? '[]') as unknown[],
    )
    expect(stored).toEqual([
      // the basket keeps the unit price in cents
      expect.objectContaining({
        id: product.id,
        quantity: 2,
        priceCents: decimalToCents(product.price),
      }),
    ])

    await page.reload()
    await expect(add).toHaveText('ADD (2)')
    await expectAccessible(page)
  },
)

test('an out-of-stock product cannot be added', async ({ page, request }) => {
  const products = (await (await request.get('/api/products')).json()) as Product[]
  const soldOut = products.find((candidate) => !candidate.inStock)!
  await page.goto(`/product/${soldOut.id}`)
  await expect(page.getByRole('button', { name: `ADD TO CART, ${soldOut.name}` })).toBeDisabled()
  await expect(page.getByText('Out of stock this week')).toBeVisible()
})

test('SUBSCRIBE explains subscriptions and offers the waitlist', async ({ page, request }) => {
  const [product] = (await (await request.get('/api/products?limit=1')).json()) as Product[]
  await page.goto(`/product/${product!.id}`)
  await page.getByRole('button', { name: 'SUBSCRIBE', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Weekly subscriptions are coming' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('textbox')).toBeVisible()
  await expectAccessible(page)
})

test.describe(() => {
  // the product call answers 404, which Chromium logs
  test.use({ expectedConsoleErrors: [/status of 404 .*\/api\/products\//] })
  test('an unknown product shows "Product not found" with a way back to the shop', async ({
    page,
  }) => {
    await page.goto('/product/00000000-0000-4000-8000-000000000000')
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to Shop' }).click()
    await expect(page).toHaveURL(/\/shop$/)
  })
})
