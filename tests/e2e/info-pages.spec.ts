import { expect, expectAccessible, test } from './support/fixtures.ts'

/** The information pages (docs/product.md#pages). */

test(
  '/about: story, mission, expandable core values, reasons and the about sub-navigation',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/about')
    await expect(page).toHaveTitle('About Us | Houston Farm to Door')
    const subnav = page.getByRole('navigation', { name: 'About us' })
    await expect(subnav.getByRole('link')).toHaveText([
      'About Us',
      'How it Works',
      'Press',
      'Our Standards',
    ])
    await expect(subnav.getByRole('link', { name: 'About Us' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible()

    const values = page.getByRole('region', { name: 'Our core values' })
    const fairPrice = values.getByRole('button', { name: 'A fair price for the grower' })
    await expect(fairPrice).toHaveAttribute('aria-expanded', 'false')
    await expect(values.getByText('20–30% above wholesale')).toBeHidden()
    await fairPrice.click()
    await expect(fairPrice).toHaveAttribute('aria-expanded', 'true')
    await expect(values.getByText(/20–30% above wholesale/)).toBeVisible()

    await expect(
      page.getByRole('region', { name: 'Why Houston chooses us' }).getByRole('listitem'),
    ).toHaveCount(6)
    await expectAccessible(page)

    await subnav.getByRole('link', { name: 'Our Standards' }).click()
    await expect(page).toHaveURL(/\/our-standards$/)
  },
)

test(
  '/how-it-works: steps, schedule, delivery details, FAQ and the ZIP checker',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/how-it-works')
    await expect(page).toHaveTitle('How it Works | Houston Farm to Door')
    await expect(
      page.getByRole('region', { name: 'Four steps to your door' }).getByRole('listitem'),
    ).toHaveCount(4)
    const schedule = page.getByRole('table', { name: 'What happens on each day of the week' })
    await expect(schedule.getByRole('rowheader')).toHaveText([
      'Sunday – Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ])
    await expect(page.getByText('$5.99, free on orders of $99.00 or more')).toBeVisible()
    await expect(page.getByText('$60.00', { exact: true })).toBeVisible()

    const checker = page.getByRole('region', { name: 'Do we deliver to you?' })
    const zip = checker.getByLabel('Your ZIP code')
    const button = checker.getByRole('button', { name: 'Check ZIP' })
    await expect(button).toBeDisabled()
    await zip.fill('7700')
    await expect(button).toBeDisabled()
    await zip.press('Enter')
    await expect(checker.getByText(/^(Good news|Sorry)/)).toHaveCount(0)

    await zip.fill('77006')
    await expect(button).toBeEnabled()
    await button.click()
    await expect(checker.getByRole('button', { name: 'Checking…' })).toBeDisabled()
    await expect(checker.getByText('Good news: we deliver to 77006!')).toBeVisible()

    await zip.fill('78701')
    await checker.getByRole('button', { name: 'Check ZIP' }).click()
    await expect(checker.getByText("Sorry, we don't deliver to 78701 yet.")).toBeVisible()
    await expect(
      checker.getByText('We currently serve the Houston metro area (77xxx zip codes).'),
    ).toBeVisible()
    await expect(checker.getByText('Tell me when you deliver to 78701')).toBeVisible()

    const faq = page.getByRole('region', { name: 'Frequently asked questions' })
    const question = faq.getByRole('button', { name: 'Do I need a subscription?' })
    await question.click()
    await expect(faq.getByText(/nothing renews on its own/)).toBeVisible()
    await expectAccessible(page)
  },
)

test(
  '/press: breadcrumb, sticky sub-navigation, featured story and five other items',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/press')
    await expect(page).toHaveTitle('Press | Houston Farm to Door')
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem'),
    ).toHaveText(['Home', 'About', 'Press'])
    await expect(
      page.getByRole('region', { name: 'As featured in' }).getByRole('listitem'),
    ).toHaveCount(6)
    const featured = page.getByRole('region', { name: 'Featured story' })
    const featuredTitle = await featured.getByRole('heading', { level: 3 }).textContent()
    const grid = page.getByRole('region', { name: 'More coverage' }).getByRole('article')
    await expect(grid).toHaveCount(5)
    await expect(grid.getByRole('heading', { name: featuredTitle ?? '' })).toHaveCount(0)
    // "Read More" is a link only for the items that have somewhere to go
    await expect(grid.getByRole('link', { name: /^Read More/ })).toHaveCount(1)
    await expect(grid.getByText('Read More')).toHaveCount(1)
    await expectAccessible(page)

    const subnav = page.getByRole('navigation', { name: 'About us' })
    await page.mouse.wheel(0, 1500)
    await expect(subnav).toBeInViewport()
    await expect(subnav.getByRole('link', { name: 'Press' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  },
)

test('/our-standards: four standards, six vetting steps, commitments and improvements', async ({
  page,
}) => {
  await page.goto('/our-standards')
  await expect(page).toHaveTitle('Our Standards | Houston Farm to Door')
  await expect(
    page.getByRole('region', { name: 'Our core standards' }).getByRole('heading', { level: 3 }),
  ).toHaveText(['Sustainable Farming', 'Animal Welfare', 'Food Safety', 'Quality Guarantee'])
  await expect(
    page.getByRole('region', { name: 'How we vet a farm, in 6 steps' }).getByRole('listitem'),
  ).toHaveCount(6)
  await expect(page.getByRole('region', { name: 'Our commitments' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Recent improvements' })).toContainText(
    '30% above wholesale',
  )
  await expectAccessible(page)
})

test('/recipes: six cards, all coming soon', async ({ page }) => {
  await page.goto('/recipes')
  await expect(page).toHaveTitle('Recipes | Houston Farm to Door')
  await expect(page.getByRole('article')).toHaveCount(6)
  await expect(page.getByText('COMING SOON', { exact: true })).toHaveCount(6)
  await expectAccessible(page)
})

test('/become-vendor: benefits and a way to get in touch, no form', async ({ page }) => {
  await page.goto('/become-vendor')
  await expect(page).toHaveTitle('Grow Your Business With Us | Houston Farm to Door')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grow Your Business With Us')
  await expect(
    page.getByRole('region', { name: 'Why producers work with us' }).getByRole('listitem'),
  ).toHaveCount(6)
  await expect(page.locator('main form')).toHaveCount(0)
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Tell us about your farm' }).click()
  await expect(page).toHaveURL(/\/contact\?subject=partnership$/)
  await expect(
    page.getByRole('combobox', { name: 'Subject' }).locator('option:checked'),
  ).toHaveText('Partnership Opportunity')
})

test("/corporate-wellness: three tiers; 'Contact Sales' chooses the partnership subject", async ({
  page,
}) => {
  await page.goto('/corporate-wellness')
  await expect(page).toHaveTitle('Corporate Wellness | Houston Farm to Door')
  const tiers = page.getByRole('region', { name: 'Plans for every team' })
  await expect(tiers.getByRole('heading', { level: 3 })).toHaveText([
    'Starter',
    'Growth',
    'Enterprise',
  ])
  await expect(tiers).toContainText('5–15 employees')
  await expect(tiers).toContainText('15–50 employees')
  await expect(tiers).toContainText('50+ employees')
  await expect(tiers.getByText('Most popular')).toHaveCount(1)
  await expect(tiers.getByRole('link', { name: /^Contact Sales/ })).toHaveCount(3)
  await expectAccessible(page)

  await tiers.getByRole('link', { name: 'Contact Sales about the Growth plan' }).click()
  await expect(page).toHaveURL(/\/contact\?subject=partnership$/)
  await expect(
    page.getByRole('combobox', { name: 'Subject' }).locator('option:checked'),
  ).toHaveText('Partnership Opportunity')
})

test("/gift-cards: the $50 sample card; 'Coming Soon' says so in a toast", async ({ page }) => {
  await page.goto('/gift-cards')
  await expect(page).toHaveTitle('Gift Cards | Houston Farm to Door')
  await expect(page.getByRole('img', { name: /gift card worth \$50\.00/ })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Coming Soon' }).click()
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByText('Gift cards are coming soon'),
  ).toBeVisible()
})
