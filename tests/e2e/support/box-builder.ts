import type { Locator, Page } from '@playwright/test'
import type { Product } from '#shared/schemas/product.ts'
import { expect } from './fixtures.ts'

/**
 * Opens the custom box builder from a farm box card on /shop/farm-boxes (docs/product.md#farm-boxes):
 * the first box in stock that is filled from Produce. What it offers is the builder's business.
 */
export async function openBoxBuilder(page: Page): Promise<{ box: Product; builder: Locator }> {
  const boxes = (await (
    await page.request.get('/api/products?category=farm-boxes')
  ).json()) as Product[]
  const box = boxes.find(
    (candidate) => candidate.inStock && candidate.subcategory !== 'butchers-box',
  )
  if (!box) throw new Error('no farm box in stock')
  if (!page.url().endsWith('/shop/farm-boxes')) await page.goto('/shop/farm-boxes')
  await page
    .getByRole('main')
    .getByRole('button', { name: `BUILD YOUR BOX, ${box.name}`, exact: true })
    .click()
  const builder = page.getByRole('dialog', { name: `Build your ${box.name}` })
  await expect(builder).toBeVisible()
  return { box, builder }
}
