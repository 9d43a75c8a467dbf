import os from 'node:os'
import { defineConfig } from '@playwright/test'

/** E2E_BASE_URL runs the tests against a shop that is already running (e.g. npm run dev) */
const BASE_URL = process.env.E2E_BASE_URL

/**
 * Browser tests against the built shop (npm run build), in Debian's Chromium: never a browser
 * downloaded by Playwright. Each worker starts a shop of its own on a fresh embedded database,
 * on port E2E_PORT (3199) + its index (tests/e2e/support/worker-shop.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // a worker per core: one journey leaves the CPU idle about half its time (waiting on the shop,
  // the database, the browser's timers), and each worker has its own shop, so nothing is shared;
  // a shop that is already running (E2E_BASE_URL) is shared, so its journeys run one at a time
  workers: BASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? os.availableParallelism()),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  // whole journeys with several axe scans; a loaded 2-core CI machine needs the headroom: on one
  // whose system calls cost several times the usual, the longest journey took 43 s (its run took
  // 31 minutes, docs/testing.md#ci). A timeout only stops a hang; it measures nothing.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    // a trace costs each journey about a fifth of its time (DOM snapshots and screencast: 77 s
    // against 98 s for the same 29 journeys on 2 cores), so on CI a failure keeps its screenshot
    // and error context only; `npx playwright test <spec> --trace on` records one
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless build of the same Chromium (package chromium-headless-shell): no
      // browser window to keep, so the whole run took 486 s and 783 CPU-seconds against the full
      // browser's 650 s and 1,222 on 2 cores (docs/testing.md#ci)
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-gpu',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
    // Every journey runs at desktop width; at phone width only those tagged @phone, whose layout
    // or controls differ there (menu and filter drawers, basket panel, cards instead of tables,
    // the checkout form, each page family's axe scan). Running all 69 journeys twice took
    // 17 of CI's 23 minutes on 2 cores.
    {
      name: 'mobile',
      grep: /@phone/,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
})
