import { expect, expectAccessible, test } from './support/fixtures.ts'

/** The first journey: home → category menu → a shop page → a page that does not exist. */
test(
  'a visitor goes from the home page through the category menu to a shop page',
  { tag: '@phone' },
  async ({ page, isMobile }) => {
    const home = await page.goto('/')
    expect(home?.status()).toBe(200)
    await expect(page).toHaveTitle('Houston Farm to Door')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('From farms near Houston')
    await expect(page.getByRole('link', { name: /Farm Boxes/ }).first()).toBeVisible()
    await expectAccessible(page)

    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click()
      const menu = page.getByRole('dialog', { name: 'Menu' })
      await menu.getByRole('button', { name: 'Produce' }).click()
      await expectAccessible(page)
      await menu.getByRole('link', { name: 'Herbs' }).click()
    } else {
      const categoryMenu = page.getByRole('navigation', { name: 'Shop by category' })
      await categoryMenu.getByRole('button', { name: 'Produce', exact: true }).hover()
      await expect(
        categoryMenu.getByRole('button', { name: 'Produce', exact: true }),
      ).toHaveAttribute('aria-expanded', 'true')
      await expectAccessible(page)
      await categoryMenu.getByRole('link', { name: 'Herbs' }).click()
    }

    await expect(page).toHaveURL(/\/shop\/produce\/herbs$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produce: Herbs')
    await expect(page).toHaveTitle('Produce: Herbs | Houston Farm to Door')
    const cards = page.getByRole('main').getByRole('article')
    await expect(cards.first()).toBeVisible()
    for (const text of await cards.allInnerTexts()) expect(text).toMatch(/\$\d+\.\d{2}/)
    await expectAccessible(page)

    await page.getByRole('link', { name: /All Produce/ }).click()
    await expect(page).toHaveURL(/\/shop\/produce$/)
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(6)
  },
)

test('a product card opens its product page', async ({ page }) => {
  await page.goto('/shop/dairy-eggs')
  const card = page.getByRole('main').getByRole('article').first()
  const name = await card.getByRole('heading').innerText()
  await card.getByRole('link', { name }).click()
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dairy & Eggs')
  await expectAccessible(page)
})

test('an unknown address shows the 404 page with a 404 status', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await expect(page).toHaveTitle('Page not found | Houston Farm to Door')
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Browse the shop' }).click()
  await expect(page).toHaveURL(/\/shop$/)
})

test('the header zip check answers for served and unserved ZIPs', async ({ page }) => {
  await page.goto('/')
  const zip = page.getByLabel('Please enter your zip to check delivery')
  await zip.fill('77005')
  await zip.press('Enter')
  const yes = page.getByRole('dialog')
  await expect(yes.getByRole('heading')).toHaveText('Great News!')
  await expect(yes).toContainText('We deliver to 77005!')
  await expectAccessible(page)
  await yes.getByRole('link', { name: 'Start Shopping' }).click()
  await expect(page).toHaveURL(/\/shop$/)

  await zip.fill('78701')
  await zip.press('Enter')
  const no = page.getByRole('dialog')
  await expect(no.getByRole('heading')).toHaveText('Sorry!')
  await expect(no).toContainText(
    "We don't currently deliver to 78701. We serve the Houston and greater Houston area.",
  )
  await no.getByRole('button', { name: 'Close' }).first().click()
  await expect(no).toBeHidden()
})
