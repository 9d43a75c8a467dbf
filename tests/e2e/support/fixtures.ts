import fs from 'node:fs'
import { createRequire } from 'node:module'
import { test as base, expect, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'
import type axe from 'axe-core'
import { startWorkerShop, type WorkerShop } from './worker-shop.ts'

/**
 * Every browser test fails on a console error or an uncaught exception in the page, and can
 * check a page with axe-core (WCAG 2.1 A and AA, with label in name).
 */
export const test = base.extend<
  {
    /** console errors a test causes on purpose, e.g. the 404 of an API call for a missing product */
    expectedConsoleErrors: RegExp[]
    pageErrors: string[]
  },
  { shop: WorkerShop }
>({
  // the worker's own shop (./worker-shop.ts), or the one at E2E_BASE_URL when that is set
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      if (process.env.E2E_BASE_URL) {
        await use({
          url: process.env.E2E_BASE_URL,
          dataDir: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
        })
        return
      }
      const { shop, stop } = await startWorkerShop(workerInfo.parallelIndex)
      process.env.E2E_DATA_DIR = shop.dataDir
      try {
        await use(shop)
      } finally {
        await stop()
      }
    },
    // starting a shop and its PostgreSQL is not part of any one test's time
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
  expectedConsoleErrors: [[], { option: true }],
  // A server-rendered page shows its buttons before its script has taken them over; a test acts
  // once it has, as a visitor does a moment later (docs/decisions/0009-server-rendering.md), and
  // on the landing page after a first key press, which starts it (ADR 10).
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
        const load = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>
        Object.assign(page, {
          [method]: async (...args: unknown[]) => {
            const response = await load(...args)
            // the landing page starts its app at the visitor's first action (src/web/boot/boot.ts)
            if (await page.locator('script[data-start="first-action"]').count()) {
              await page.keyboard.press('Shift')
            }
            await page.waitForFunction(
              () =>
                !document.getElementById('server-render-state') ||
                document.documentElement.hasAttribute('data-hydrated'),
            )
            return response
          },
        })
      }
    }
    await use(page)
  },
  pageErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = []
      // the 404 page is served with status 404 on purpose; Chromium logs that document load
      const documentsAnswered404 = new Set<string>()
      page.on('response', (response) => {
        if (response.request().isNavigationRequest() && response.status() === 404) {
          documentsAnswered404.add(response.url())
        }
      })
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        if (
          documentsAnswered404.has(message.location().url) &&
          message.text().includes('status of 404')
        )
          return
        const line = `console: ${message.text()} (${message.location().url})`
        if (expectedConsoleErrors.some((pattern) => pattern.test(line))) return
        errors.push(line)
      })
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
      await use(errors)
      expect(errors, 'errors in the browser console').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

const LABEL_IN_NAME = 'label-content-name-mismatch'

/** Waits until no animation that ends is still running (a drawer sliding in, a dialog fading in). */
export async function waitForSettledAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  )
}

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // WCAG 2.5.3: a speech-input user says the words on a control, so its accessible name must
  // contain them. axe-core 4.13 marks the rule experimental and leaves it off under the tags alone.
  rules: { [LABEL_IN_NAME]: { enabled: true } },
  // every rule is still listed under passes; only a violation's nodes are worth sending back
  resultTypes: ['violations'],
}

const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/**
 * axe-core's own `axe.run` in the page. @axe-core/playwright's AxeBuilder took twice as long a
 * scan (1.3–1.7 s against about 0.5 s on a product list, docs/testing.md#ci): it injects axe twice and
 * finishes each scan in a new blank page. axe is injected into every frame that lacks it (a
 * page's scripts cannot stop that: the evaluation goes around its Content Security Policy), and
 * axe.run reaches same-origin frames from the top one; the shop's pages have no other kind.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE)
  }
  return page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    AXE_OPTIONS,
  )
}

export async function expectAccessible(page: Page) {
  // the settled page: a toast or dialog still fading in has its colours half-way (contrast)
  await waitForSettledAnimations(page)
  const results = await runAxe(page)
  const ran = [results.passes, results.violations, results.incomplete, results.inapplicable]
  expect(
    ran.some((outcomes) => outcomes.some((rule) => rule.id === LABEL_IN_NAME)),
    `axe ran ${LABEL_IN_NAME}`,
  ).toBe(true)
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
  expect(violations, `axe violations on ${page.url()}`).toEqual([])
}
