import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * The visitor forms (docs/product.md#visitor-forms): contact, waitlist,
 * newsletter and "tell me when you deliver". The server limits each form to 10 sign-ups a minute
 * per IP, and both projects share one IP, so each form is submitted to the server at most twice per
 * project here; validation is checked in the browser without sending anything.
 */

/** The subject the contact form's <select> shows. */
async function expectSubject(page: Page, label: string) {
  const subject = page.getByRole('combobox', { name: 'Subject' })
  await expect(subject.locator('option:checked')).toHaveText(label)
}

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

function contactForm(page: Page) {
  const field = (label: string) => page.getByLabel(label, { exact: true })
  return {
    firstName: field('First name'),
    lastName: field('Last name'),
    email: field('Email'),
    phone: field('Phone (optional)'),
    // the browser's own <select>
    subject: page.getByRole('combobox', { name: 'Subject' }),
    message: field('Message'),
    send: page.getByRole('button', { name: /^(Send Message|Sending\.\.\.)$/ }),
  }
}

test.describe('contact form', () => {
  test(
    'shows the documented message under each field it rejects',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/contact')
      await expect(page).toHaveTitle('Contact Us | Houston Farm to Door')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us')
      const quickContact = page.getByRole('complementary', { name: 'Quick Contact' })
      await expect(quickContact.getByRole('link', { name: '(713) 555-0147' })).toHaveAttribute(
        'href',
        'tel:+17135550147',
      )
      await expect(quickContact).toContainText('Mon-Fri 9am-6pm Central Time')
      await expect(quickContact).toContainText('Houston, TX')
      await expectAccessible(page)

      const form = contactForm(page)
      await expectSubject(page, 'General Inquiry')
      await form.send.click()
      const expected = [
        [form.firstName, 'First name must be at least 2 characters'],
        [form.lastName, 'Last name must be at least 2 characters'],
        [form.email, 'Please enter a valid email address'],
        [form.message, 'Message must be at least 10 characters'],
      ] as const
      for (const [control, message] of expected) {
        await expect(control).toHaveAttribute('aria-invalid', 'true')
        await expect(control).toHaveAccessibleDescription(message)
      }
      // the phone is optional and may stay empty
      await expect(form.phone).not.toHaveAttribute('aria-invalid', 'true')
      await expect(form.firstName).toBeFocused()
      await expectAccessible(page)

      await form.firstName.fill('A'.repeat(51))
      await expect(form.firstName).toHaveAccessibleDescription(
        'First name must be less than 50 characters',
      )
      await form.email.fill('not-an-address')
      await expect(form.email).toHaveAccessibleDescription('Please enter a valid email address')
      await form.message.fill('Too short')
      await expect(page.getByText('Message must be at least 10 characters')).toBeVisible()
      await form.message.fill('x'.repeat(2001))
      await expect(form.message).toHaveAccessibleDescription(
        'Message must be less than 2000 characters',
      )
      await form.phone.fill('call me')
      await expect(form.phone).toHaveAccessibleDescription('Please enter a valid phone number')
    },
  )

  test("sends a message: 'Sending...', the success modal, then an empty form", async ({ page }) => {
    // hold the request a moment so the pending state can be seen
    await page.route('**/api/contact-messages', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700))
      await route.continue()
    })
    await page.goto('/contact')
    const form = contactForm(page)
    await form.firstName.fill('Rosa')
    await form.lastName.fill('Delgado')
    await form.email.fill(uniqueEmail('contact'))
    await form.subject.selectOption('Order Support')
    await expectSubject(page, 'Order Support')
    await form.message.fill('Could my Saturday box come with extra eggs this week?')
    await form.send.click()

    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
    const modal = page.getByRole('dialog', { name: 'Message Sent Successfully!' })
    await expect(modal).toContainText(
      "Thank you for reaching out! We've received your message and will get back to you within 24 hours.",
    )
    await expectAccessible(page)
    await modal.getByRole('button', { name: 'Close' }).first().click()
    await expect(modal).toBeHidden()

    for (const control of [form.firstName, form.lastName, form.email, form.phone, form.message]) {
      await expect(control).toHaveValue('')
    }
    await expectSubject(page, 'General Inquiry')
    await expect(form.send).toHaveText('Send Message')
    await expect(form.send).toBeEnabled()
    await expect(form.firstName).toBeFocused()
  })

  test('?subject=partnership chooses Partnership Opportunity', async ({ page }) => {
    await page.goto('/contact?subject=partnership')
    await expectSubject(page, 'Partnership Opportunity')
    // a link to the page while it is open chooses its subject and keeps what was typed
    const form = contactForm(page)
    await form.firstName.fill('Rosa')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click()
    await expect(page).toHaveURL(/\/contact$/)
    await expectSubject(page, 'General Inquiry')
    await expect(form.firstName).toHaveValue('Rosa')
    await page.goto('/contact?subject=not-a-subject')
    await expectSubject(page, 'General Inquiry')
  })

  test('a submit straight after the page loads waits for the checks', async ({ page }) => {
    // the schema loads when the form is first touched; a submit with nothing touched before it
    // (the form's own requestSubmit: no focus, no typing) must wait for it, not send unchecked
    const sent: string[] = []
    await page.route('**/api/contact-messages', async (route) => {
      sent.push(route.request().method())
      await route.abort()
    })
    await page.goto('/contact')
    const form = contactForm(page)
    await page.locator('main form').evaluate((element: HTMLFormElement) => element.requestSubmit())
    const expected = [
      [form.firstName, 'First name must be at least 2 characters'],
      [form.lastName, 'Last name must be at least 2 characters'],
      [form.email, 'Please enter a valid email address'],
      [form.message, 'Message must be at least 10 characters'],
    ] as const
    for (const [control, message] of expected) {
      await expect(control).toHaveAttribute('aria-invalid', 'true')
      await expect(control).toHaveAccessibleDescription(message)
    }
    await expect(form.firstName).toBeFocused()
    expect(sent).toEqual([])
  })
})

test('the footer newsletter thanks the visitor for 3 seconds', async ({ page }) => {
  await page.goto('/contact')
  const footer = page.getByRole('contentinfo')
  const email = footer.getByLabel('Email address for our newsletter')
  const subscribe = footer.getByRole('button', { name: 'Subscribe' })

  await subscribe.click()
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address')
  await email.fill('not-an-address')
  await subscribe.click()
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address')

  // the page notes when the thanks appears and goes: timed inside the page, so a slow test
  // runner does not stretch it (nothing heavy runs in the page meanwhile)
  await page.evaluate(() => {
    const marks: { shown?: number; hidden?: number } = {}
    ;(window as unknown as { thanksMarks: typeof marks }).thanksMarks = marks
    new MutationObserver(() => {
      const thanking = document
        .querySelector('footer')
        ?.textContent?.includes('Thanks for signing up!')
      if (thanking && marks.shown === undefined) marks.shown = performance.now()
      if (!thanking && marks.shown !== undefined && marks.hidden === undefined)
        marks.hidden = performance.now()
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  await email.fill(uniqueEmail('newsletter'))
  await subscribe.click()
  const thanks = footer.getByRole('button', { name: 'Thanks for signing up!' })
  await expect(thanks).toBeVisible()
  await expect(email).toHaveValue('')
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')

  await expect(subscribe).toBeVisible({ timeout: 8000 })
  const marks = await page.evaluate(
    () => (window as unknown as { thanksMarks: { shown: number; hidden: number } }).thanksMarks,
  )
  expect(marks.hidden - marks.shown).toBeGreaterThan(2900)
  expect(marks.hidden - marks.shown).toBeLessThan(4000)
  await expectAccessible(page)
})

test('the waitlist dialog signs a visitor up and starts again after Close', async ({ page }) => {
  await page.goto('/')
  const opener = page.getByRole('button', { name: 'Join the Waitlist' }).first()
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Join the Waitlist' })
  await expect(dialog).toBeVisible()
  const email = dialog.getByLabel('Email address')
  await expect(email).toBeFocused()
  await expectAccessible(page)

  await dialog.getByRole('button', { name: 'Join the Waitlist' }).click()
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address')
  await expectAccessible(page)

  await email.fill(uniqueEmail('waitlist'))
  await dialog.getByRole('button', { name: 'Join the Waitlist' }).click()
  const joined = page.getByRole('dialog', { name: "You're on the waitlist!" })
  await expect(joined).toBeVisible()
  await expectAccessible(page)
  await joined.getByRole('button', { name: 'Close' }).first().click()
  await expect(joined).toBeHidden()
  await expect(opener).toBeFocused()

  await opener.click()
  await expect(page.getByRole('dialog', { name: 'Join the Waitlist' })).toBeVisible()
  await expect(page.getByRole('dialog').getByLabel('Email address')).toHaveValue('')
})

test("the header's 'Sorry!' dialog offers 'Tell me when you deliver to {zip}'", async ({
  page,
}) => {
  await page.goto('/producers')
  const zip = page.getByLabel('Please enter your zip to check delivery')
  await zip.fill('78701')
  await zip.press('Enter')
  const sorry = page.getByRole('dialog', { name: 'Sorry!' })
  const notify = sorry.getByRole('region', { name: 'Tell me when you deliver to 78701' })
  await expect(notify).toBeVisible()
  await expectAccessible(page)

  await notify.getByLabel('Email address').fill(uniqueEmail('notify'))
  await notify.getByRole('button', { name: 'Notify me' }).click()
  await expect(sorry.getByRole('status')).toHaveText(
    "Thanks! We'll e-mail you as soon as we start delivering to 78701.",
  )
  await expectAccessible(page)
})
