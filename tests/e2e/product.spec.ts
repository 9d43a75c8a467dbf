import { decimalToCents } from '#shared/domain/money.ts'
import type { Producer } from '#shared/schemas/producer.ts'
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

test(
  'a product page shows its tags, season, producer distance and price per pound, and adds the chosen quantity',
  { tag: '@phone' },
  async ({ page, request }) => {
    const [product] = (await (
      await request.get('/api/products?search=beauregard%20sweet%20potatoes')
    ).json()) as Product[]
    const producer = (await (
      await request.get(`/api/producers/${product!.producerSlug}`)
    ).json()) as Producer
    expect(product).toMatchObject({ price: '4.50', stockCount: '2 lb', seasonal: true })
    await page.goto(`/product/${product!.id}`)
    const main = page.getByRole('main')
    const badges = main.getByRole('list', { name: 'About this product at a glance' })
    await expect(badges.getByRole('listitem')).toHaveText([
      'In season',
      'Local',
      'Gluten-Free',
      'Sugar-Free',
      'Nut-Free',
      'Dairy-Free',
    ])
    await expect(main.getByText(producer.distance)).toBeVisible()
    expect(producer.distance).toMatch(/miles from .*Houston/)
    await expect(main.getByText('$4.50 / 2 lb · $2.25/lb')).toBeVisible()
    await expectAccessible(page)

    const quantity = main.getByRole('combobox', { name: 'Quantity' })
    await expect(quantity).toHaveValue('1')
    // the keyboard: focus the list and step down to 3
    await quantity.focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await expect(quantity).toHaveValue('3')
    await main.getByRole('button', { name: `ADD TO CART, ${product!.name}` }).click()
    const cart = page.getByRole('dialog', { name: 'Your Cart' })
    await expect(cart).toBeVisible()
    await expect(cart.getByRole('combobox', { name: `Quantity of ${product!.name}` })).toHaveValue(
      '3',
    )
    await page.keyboard.press('Escape')
    await expect(main.getByRole('button', { name: /^ADD \(3\)/ })).toBeVisible()
  },
)

test('a product sold by count has no price per weight, and no season badge when not seasonal', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/products')).json()) as Product[]
  const byCount = products.find(
    (candidate) => candidate.stockCount === '12 ct' && !candidate.seasonal,
  )!
  await page.goto(`/product/${byCount.id}`)
  await expect(page.getByRole('main')).toContainText(`/ 12 ct`)
  await expect(page.getByRole('main')).not.toContainText('/lb')
  await expect(page.getByText('In season', { exact: true })).toHaveCount(0)
})

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
