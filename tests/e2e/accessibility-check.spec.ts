import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures.ts'

// The axe check every journey leans on must itself fail on a page that breaks the rules, in the
// page and in a frame inside it. The pages are answered in the browser, on the shop's origin.
async function showPage(page: Page, body: string, frameBody?: string) {
  const html = (content: string) =>
    `<!doctype html><html lang="en"><head><title>Check</title></head><body>${content}</body></html>`
  await page.route('**/accessibility-check/page', (route) =>
    route.fulfill({ contentType: 'text/html', body: html(body) }),
  )
  await page.route('**/accessibility-check/frame', (route) =>
    route.fulfill({ contentType: 'text/html', body: html(frameBody ?? '') }),
  )
  await page.goto('/accessibility-check/page')
}

test('the accessibility check fails on a control named apart from its words, and on an image without a text alternative in a frame', async ({
  page,
}) => {
  await showPage(
    page,
    `<main><h1>A page with faults</h1><button aria-label="Close the dialog">Remove</button>
     <iframe title="Inner" src="/accessibility-check/frame"></iframe></main>`,
    `<main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main>`,
  )
  await expect(page.frameLocator('iframe').locator('img')).toBeAttached()
  const failure = await expectAccessible(page).then(
    () => 'passed',
    (error: Error) => error.message,
  )
  expect(failure).toContain('label-content-name-mismatch (')
  expect(failure).toContain('image-alt')
})

test('the accessibility check passes a page that keeps the rules', async ({ page }) => {
  await showPage(
    page,
    `<main><h1>A page without faults</h1><button>Remove</button>
     <iframe title="Inner" src="/accessibility-check/frame"></iframe></main>`,
    `<main><p>Inside</p></main>`,
  )
  await expectAccessible(page)
})
