import type { Page } from '@playwright/test'
import { decimalToCents, formatCents } from '#shared/domain/money.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * Sales tax only on what is taxable (docs/product.md#tax), as a shopper sees it in the basket: a
 * kombucha says "Taxable" and is taxed with its share of the delivery fee; produce is not.
 */

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' })

async function productNamed(page: Page, name: string): Promise<Product> {
  const products = (await (await page.request.get('/api/products')).json()) as Product[]
  const product = products.find((candidate) => candidate.name === name)
  if (!product) throw new Error(`no ${name} in the demo catalogue`)
  return product
}

/** the drawer's figure beside a label, such as "Tax (8.25%)" */
const figure = (page: Page, label: string) =>
  drawer(page).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')

test(
  'the basket taxes the kombucha and not the produce, and marks which is which',
  { tag: '@phone' },
  async ({ page }) => {
    const kombucha = await productNamed(page, 'Ginger Hibiscus Kombucha')
    const tomatoes = await productNamed(page, 'Heirloom Tomatoes')
    expect([kombucha.taxable, tomatoes.taxable]).toEqual([true, false])

    // produce alone: no tax, though delivery is charged
    await page.goto(`/product/${tomatoes.id}`)
    await page.getByRole('button', { name: `ADD TO CART, ${tomatoes.name}` }).click()
    const cart = drawer(page)
    const lines = cart.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
    await expect(lines.filter({ hasText: tomatoes.name })).not.toContainText('Taxable')
    await expect(figure(page, 'Tax (8.25%)')).toHaveText('$0.00')

    // a kombucha: its line says Taxable, and the tax is 8.25 % of its value and its fee share
    await page.goto(`/product/${kombucha.id}`)
    await page.getByRole('button', { name: `ADD TO CART, ${kombucha.name}` }).click()
    await page.goto('/about?cart=open')
    await expect(lines.filter({ hasText: kombucha.name })).toContainText('Taxable')
    const k = decimalToCents(kombucha.price)
    const t = decimalToCents(tomatoes.price)
    const subtotal = k + t
    const sales = subtotal + (subtotal >= 9900 ? 0 : 599)
    const tax = Math.floor((k * sales * 825 * 2 + subtotal * 10_000) / (subtotal * 10_000 * 2))
    await expect(figure(page, 'Tax (8.25%)')).toHaveText(formatCents(tax))
    expect(tax).toBeGreaterThan(0)
    await expectAccessible(page)
  },
)
