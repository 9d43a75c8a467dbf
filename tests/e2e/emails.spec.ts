import { expect, test } from '@playwright/test'
import { SITE } from '#shared/site-content.ts'
import { sampleEmails } from '#tests/fixtures/sample-emails.ts'

/**
 * Every e-mail the shop sends, as a mail program shows its HTML: at a phone's width and a
 * laptop's, nothing wider than the screen, the layout's header, message and footer there, and
 * the look kept by a screenshot. No shop needed: each e-mail is made from its template.
 */

const WIDTHS = [375, 1280] as const

for (const { name, mail } of sampleEmails()) {
  for (const width of WIDTHS) {
    test(`the ${name} e-mail at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.setContent(mail.html)

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, 'wider than the screen').toBeLessThanOrEqual(0)

      // the header, the message and the footer with the shop's address and contact
      await expect(page.getByText(SITE.name, { exact: true }).first()).toBeVisible()
      await expect(page.getByText(/^(Hi|Hello)\b/).first()).toBeVisible()
      await expect(page.getByText(SITE.address.street, { exact: false })).toBeVisible()
      await expect(page.getByRole('link', { name: SITE.email })).toBeVisible()

      // the e-mail's call to action, when it has one, is a button that fits the screen
      const action = page.locator('a.text-labelled-link')
      for (const button of await action.all()) {
        const box = await button.boundingBox()
        expect(box, 'the button is laid out').not.toBeNull()
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width)
      }

      await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
        fullPage: true,
        maxDiffPixelRatio: 0.01,
      })
    })
  }
}
