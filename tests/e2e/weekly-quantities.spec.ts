import type { Page } from '@playwright/test'
import { chicagoDayOf, formatDeliveryDate, nextDeliveryDate } from '#shared/domain/delivery.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import { placeOrder, signUp } from './support/orders.ts'
import { E2E_ADMIN } from './support/worker-shop.ts'

/**
 * Weekly quantities (docs/product.md#weekly-quantities), as a shopper and the shop owner see
 * them: the demo's Texas Pecan Pie (six a Saturday) says how many are left, another household
 * buys the last ones, and then it is sold out on its card, its page and the week page.
 */

const PIE = 'Texas Pecan Pie'

async function pieAsShown(page: Page): Promise<Product> {
  const products = (await (await page.request.get('/api/products')).json()) as Product[]
  const pie = products.find((product) => product.name === PIE)
  if (!pie) throw new Error(`no ${PIE} in the demo catalogue`)
  return pie
}

const cardOf = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name }) })

test(
  'a limited product says how many are left this week, then that it is sold out',
  { tag: '@phone' },
  async ({ page, browser }) => {
    const pie = await pieAsShown(page)
    if (pie.weeklyQuantity === null || pie.leftThisWeek === null) {
      throw new Error(`${PIE} has no weekly quantity in the demo catalogue`)
    }
    // the owner leaves three for this Saturday, whatever earlier journeys bought
    const signedIn = await page.request.post('/api/auth/login', { data: E2E_ADMIN })
    expect(signedIn.status(), await signedIn.text()).toBe(200)
    const sold = pie.weeklyQuantity - pie.leftThisWeek
    const set = await page.request.patch(`/api/admin/products/${pie.id}`, {
      data: { weeklyQuantity: sold + 3 },
    })
    expect(set.status(), await set.text()).toBe(200)

    await page.goto('/shop/new-seasonal')
    await expect(cardOf(page, PIE)).toContainText('3 left this week')
    await page.goto(`/product/${pie.id}`)
    await expect(page.getByText('3 left this week')).toBeVisible()
    // the picker offers no more than are left
    await expect(page.getByLabel('Quantity').locator('option')).toHaveText(['1', '2', '3'])
    await expectAccessible(page)

    // another household takes the last three
    const household = await browser.newContext()
    const neighbour = await household.newPage()
    await signUp(neighbour, 'pie-buyer')
    await placeOrder(neighbour, [{ product: pie, quantity: 3 }])
    await household.close()

    const soldOut = `Sold out for ${formatDeliveryDate(nextDeliveryDate(new Date()))}`
    await page.reload()
    await expect(page.getByText(soldOut)).toBeVisible()
    await expect(page.getByRole('button', { name: `ADD TO CART, ${PIE}` })).toBeDisabled()
    await page.goto('/shop/new-seasonal')
    const card = cardOf(page, PIE)
    await expect(card).toContainText(soldOut)
    await expect(card.getByRole('button', { name: `ADD, ${PIE}` })).toHaveCount(0)
    await expectAccessible(page)

    // the week page: the pie's quantity, what is sold, and none left
    await page.goto(`/admin/week/${chicagoDayOf(nextDeliveryDate(new Date()))}`)
    const row = page
      .getByRole('table', { name: 'Weekly quantities' })
      .getByRole('row')
      .filter({ hasText: PIE })
    const weekly = String(sold + 3)
    await expect(row.getByRole('cell')).toHaveText([PIE, weekly, weekly, 'Sold out'])
    await expectAccessible(page)
  },
)
