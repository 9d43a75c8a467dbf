import type { Producer } from '#shared/schemas/producer.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/** 'Meet Your Local Producers' and a producer's profile (docs/product.md#catalogue). */
test('the producers are listed 9 to a page', { tag: '@phone' }, async ({ page, request }) => {
  // the demo's 14, and any an admin journey has just added: counted from what the API lists
  const producers = (await (await request.get('/api/producers')).json()) as Producer[]
  await page.goto('/producers')
  expect(producers.length).toBeGreaterThanOrEqual(14)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet Your Local Producers')
  const cards = page.getByRole('main').getByRole('article')
  await expect(cards).toHaveCount(9)
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await expect(page.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  await expectAccessible(page)

  await page.getByRole('link', { name: 'Next Page' }).click()
  await expect(page).toHaveURL(/\/producers\?page=2$/)
  await expect(cards).toHaveCount(producers.length - 9)
  await expect(page.getByRole('button', { name: 'Next Page' })).toBeDisabled()
  await expect(page.getByRole('img', { name: 'Logo coming soon' }).first()).toBeVisible()

  await page.goBack()
  await expect(cards).toHaveCount(9)
})

test('a profile shows the producer’s own location, story and products, with basket controls', async ({
  page,
  request,
}) => {
  const producer = (await (await request.get('/api/producers/katerra-exotics')).json()) as Producer
  await page.goto('/producers')
  await page.getByRole('link', { name: producer.name }).click()
  await expect(page).toHaveURL(/\/producer\/katerra-exotics$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(producer.name)
  await expect(page.getByRole('main')).toContainText(producer.location)
  await expect(page.getByRole('main')).not.toContainText('Katy, Texas')
  await expect(page.getByRole('heading', { name: 'Their story' })).toBeVisible()
  await expectAccessible(page)

  const row = page.getByRole('region', { name: `From ${producer.name}` })
  const add = row.getByRole('button', { name: /^ADD, / }).first()
  const name = ((await add.getAttribute('aria-label')) ?? '').replace(/^ADD, /, '')
  await add.click()
  // the card confirms with a toast; the drawer stays closed
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeHidden()
  await expect(row.getByText(`1 ${name} in your basket`)).toBeAttached()
  await row.getByRole('button', { name: `Add one ${name}` }).click()
  await expect(row.getByText(`2 ${name} in your basket`)).toBeAttached()
  await row.getByRole('button', { name: `Remove one ${name}` }).click()
  await row.getByRole('button', { name: `Remove one ${name}` }).click()
  await expect(row.getByRole('button', { name: `ADD, ${name}`, exact: true })).toBeVisible()
  await expectAccessible(page)
})

test.describe(() => {
  // the producer call answers 404, which Chromium logs
  test.use({ expectedConsoleErrors: [/status of 404 .*\/api\/producers\//] })
  test('an unknown producer shows the 404 page with a link to the producers', async ({ page }) => {
    await page.goto('/producer/no-such-farm')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Producer not found')
    await page.getByRole('link', { name: 'See all producers' }).click()
    await expect(page).toHaveURL(/\/producers$/)
  })
})
