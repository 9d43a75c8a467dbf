import type { Page } from '@playwright/test'
import type { Product } from '#shared/schemas/product.ts'
import { openBoxBuilder } from './support/box-builder.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * Quick add on every product card (docs/product.md#quick-add): ADD turns into minus, the quantity
 * and plus in place; the add confirms with a toast, not the basket drawer; an out-of-stock card
 * offers nothing; a farm box opens the builder.
 */

async function products(page: Page, query = ''): Promise<Product[]> {
  return (await (await page.request.get(`/api/products${query}`)).json()) as Product[]
}

const cardOf = (page: Page, product: Product) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: product.name, exact: true }) })

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' })

test(
  'a shop card adds in place, + and − change the basket, − at 1 removes the line',
  { tag: '@phone' },
  async ({ page }) => {
    const dairy = await products(page, '?category=dairy-eggs')
    const product = dairy.find((candidate) => candidate.inStock)!
    await page.goto('/shop/dairy-eggs')
    const card = cardOf(page, product)
    await card.getByRole('button', { name: `ADD, ${product.name}`, exact: true }).click()

    // a small confirmation, not the drawer taking over the screen
    const toast = page
      .getByRole('region', { name: /^Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: `Added ${product.name}` })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText(`1 product in your basket, $${product.price}`)
    // on a phone it keeps to a strip at the bottom, not a fifth of the screen
    const viewport = page.viewportSize() ?? { width: 0, height: 0 }
    if (viewport.width < 640) {
      const toastBox = await toast.boundingBox()
      expect(toastBox?.height ?? Infinity).toBeLessThanOrEqual(viewport.height * 0.13)
    }
    await expect(drawer(page)).toBeHidden()
    await expect(card.getByRole('status')).toHaveText(`1 ${product.name} in your basket`)
    // a pointer resting on the toast keeps it (its 5 s would otherwise run out during the scan)
    await toast.hover()
    await expectAccessible(page)

    // View basket opens the drawer with the line
    await toast.getByRole('button', { name: 'View basket' }).click()
    await expect(drawer(page)).toBeVisible()
    await expect(drawer(page).getByLabel(`Quantity of ${product.name}`)).toHaveValue('1')
    await page.keyboard.press('Escape')
    await expect(drawer(page)).toBeHidden()

    await card.getByRole('button', { name: `Add one ${product.name}` }).click()
    await expect(card.getByRole('status')).toHaveText(`2 ${product.name} in your basket`)
    await page.getByRole('button', { name: 'Open cart, 1 product' }).click()
    await expect(drawer(page).getByLabel(`Quantity of ${product.name}`)).toHaveValue('2')
    await page.keyboard.press('Escape')

    await card.getByRole('button', { name: `Remove one ${product.name}` }).click()
    await expect(card.getByRole('status')).toHaveText(`1 ${product.name} in your basket`)
    await card.getByRole('button', { name: `Remove one ${product.name}` }).click()
    await expect(
      card.getByRole('button', { name: `ADD, ${product.name}`, exact: true }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open cart, empty' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull()
  },
)

test('after a reload the card shows the stepper once the page has hydrated, up to 20', async ({
  page,
}) => {
  const [product] = (await products(page, '?category=dairy-eggs')).filter((p) => p.inStock)
  await page.goto('/shop/dairy-eggs')
  await cardOf(page, product!)
    .getByRole('button', { name: `ADD, ${product!.name}` })
    .click()
  await page.reload()
  await expect(cardOf(page, product!).getByRole('status')).toHaveText(
    `1 ${product!.name} in your basket`,
  )

  // a line stops at 20 (docs/product.md#basket): the card's plus stops there too
  await page.getByRole('button', { name: 'Open cart, 1 product' }).click()
  await drawer(page).getByLabel(`Quantity of ${product!.name}`).selectOption('20')
  await page.keyboard.press('Escape')
  await expect(cardOf(page, product!).getByRole('status')).toHaveText(
    `20 ${product!.name} in your basket`,
  )
  await expect(
    cardOf(page, product!).getByRole('button', { name: `Add one ${product!.name}` }),
  ).toBeDisabled()
})

test(
  'an out-of-stock card says so and offers nothing to add (search results)',
  { tag: '@phone' },
  async ({ page }) => {
    const soldOut = (await products(page)).find((candidate) => !candidate.inStock)!
    await page.goto(`/shop?search=${encodeURIComponent(soldOut.name)}`)
    const card = cardOf(page, soldOut)
    await expect(card.getByText('Out of stock', { exact: true })).toBeVisible()
    await expect(card.getByRole('button')).toHaveCount(0)
    await expectAccessible(page)
  },
)

test(
  'a farm box card opens the box builder instead of adding',
  { tag: '@phone' },
  async ({ page }) => {
    await openBoxBuilder(page)
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull()
  },
)

test('the producer page and "More from" use the same card control', async ({ page }) => {
  const farm = await products(page, '?farm=katerra-exotics')
  const product = farm.find((p) => p.inStock && p.category !== 'farm-boxes')!
  await page.goto('/producer/katerra-exotics')
  const row = page.getByRole('region', { name: /^From / })
  await row.getByRole('button', { name: `ADD, ${product.name}`, exact: true }).click()
  await expect(drawer(page)).toBeHidden()
  await expect(page.getByRole('region', { name: /^Notifications/ })).toContainText(
    `Added ${product.name}`,
  )
  await row.getByRole('button', { name: `Add one ${product.name}` }).click()
  await expect(row.getByText(`2 ${product.name} in your basket`)).toBeAttached()

  const other = farm.find((p) => p.id !== product.id && p.inStock && p.category !== 'farm-boxes')!
  await page.goto(`/product/${other.id}`)
  const more = page.getByRole('region', { name: /^More from / })
  await expect(more.getByRole('button', { name: `Add one ${product.name}` })).toBeVisible()
  await expectAccessible(page)
})
