import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * Each farm box offers its own list of items, set by the admin (docs/product.md#farm-boxes): the
 * fruit box offers fruit, the family box is not the small box's list, and a change to a list is
 * what the builder offers next.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

/** the builder of `box`, opened from the farm boxes' shop page */
async function openBuilder(page: Page, box: string) {
  await page.goto('/shop/farm-boxes')
  await page.getByRole('button', { name: `BUILD YOUR BOX, ${box}` }).click()
  const builder = page.getByRole('dialog', { name: `Build your ${box}` })
  await expect(builder).toBeVisible()
  await expect(builder.getByText('Loading products...')).toHaveCount(0)
  return builder
}

/** the names the builder offers, read off its "Choose {name}" row buttons, in order */
async function offeredNames(builder: ReturnType<Page['getByRole']>) {
  const labels = await builder.getByRole('button', { name: /^Choose / }).allTextContents()
  return labels.map((label) => label.trim().replace(/^Choose\s+/, ''))
}

test(
  'each box offers its own items: fruit in the fruit box, and the family box is not the small one',
  { tag: '@phone' },
  async ({ page }) => {
    const fruit = await openBuilder(page, 'Tropical Fruit Box')
    const fruitNames = await offeredNames(fruit)
    expect(fruitNames).toEqual(
      expect.arrayContaining(['Rio Star Grapefruit', 'Meyer Lemons', 'Satsuma Mandarins']),
    )
    expect(fruitNames).not.toContain('Heirloom Tomatoes')
    // sold out: on the list, not offered
    expect(fruitNames).not.toContain('Finger Limes')
    await expectAccessible(page)
    await page.keyboard.press('Escape')

    const family = await offeredNames(await openBuilder(page, 'Family Harvest Box'))
    await page.keyboard.press('Escape')
    const small = await offeredNames(await openBuilder(page, 'Small Household Box'))
    expect(family).toContain('Whole Jersey Milk')
    expect(small).not.toContain('Whole Jersey Milk')
    expect(family).not.toEqual(small)
  },
)

test("the admin sets a box's list; the builder offers it next, in the admin's order", async ({
  page,
  browser,
}) => {
  const login = await page.request.post('/api/auth/login', { data: ADMIN })
  expect(login.status()).toBe(200)
  await page.goto('/admin/products')
  await page.getByRole('button', { name: 'Items in Tropical Fruit Box' }).click()
  const dialog = page.getByRole('dialog', { name: 'Items in the Tropical Fruit Box' })
  const list = dialog.getByRole('list', { name: 'Items offered in the Tropical Fruit Box' })
  await expect(list.getByRole('listitem').first()).toBeVisible()
  const before = await list.getByRole('listitem').count()

  await dialog.getByLabel('Add an item').fill('heirloom tom')
  await dialog.getByRole('button', { name: /^Heirloom Tomatoes/ }).click()
  await expect(list.getByRole('listitem')).toHaveCount(before + 1)
  await expect(list.getByRole('listitem').last()).toContainText('Heirloom Tomatoes')
  // to the top, one step at a time
  for (let step = 0; step < before; step++) {
    await dialog.getByRole('button', { name: 'Move Heirloom Tomatoes up' }).click()
  }
  await expect(list.getByRole('listitem').first()).toContainText('Heirloom Tomatoes')
  await expect(dialog.getByRole('button', { name: 'Move Heirloom Tomatoes up' })).toBeDisabled()
  // a box cannot hold a box: none is offered to add
  await dialog.getByLabel('Add an item').fill('Family Harvest')
  await expect(dialog.getByText('No product matches “Family Harvest”.')).toBeVisible()
  await dialog.getByLabel('Add an item').fill('')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Save list' }).click()
  await expect(dialog).toBeHidden()

  // a shopper's builder, in a browser of their own
  const shopper = await (await browser.newContext()).newPage()
  const builder = await openBuilder(shopper, 'Tropical Fruit Box')
  const offered = await offeredNames(builder)
  expect(offered[0]).toBe('Heirloom Tomatoes')
  await shopper.context().close()

  // the list as it was, for the other tests
  await page.getByRole('button', { name: 'Items in Tropical Fruit Box' }).click()
  await dialog.getByRole('button', { name: 'Take Heirloom Tomatoes off the list' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(before)
  await dialog.getByRole('button', { name: 'Save list' }).click()
  await expect(dialog).toBeHidden()
})
