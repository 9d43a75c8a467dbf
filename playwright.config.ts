import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3199)
/** E2E_BASE_URL runs the tests against a shop that is already running (e.g. npm run dev) */
const BASE_URL = process.env.E2E_BASE_URL

/**
 * Browser tests against the built shop (npm run build), in Debian's Chromium: never a browser
 * downloaded by Playwright. The shop runs on a fresh embedded database for each run.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // one worker on CI: on 2 cores the browser, the shop and PostgreSQL already share the CPU, and a
  // second worker made the run slower (1169 s against 1088 s for the same 138 tests) and made
  // timed checks (the newsletter's 3 s thanks) miss
  workers: process.env.CI ? 1 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  // whole journeys with several axe scans; a loaded 2-core CI machine needs the headroom
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL ?? `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: BASE_URL
    ? undefined
    : {
        command: 'node scripts/e2e-server.mjs',
        url: `http://127.0.0.1:${PORT}/readyz`,
        reuseExistingServer: false,
        timeout: 120_000,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
        env: {
          PORT: String(PORT),
          HOST: '127.0.0.1',
          DATA_DIR: '.tmp/e2e-data',
          LOG_LEVEL: 'warn',
          // the admin journeys sign in as this account (created at start, docs/product.md#accounts)
          ADMIN_EMAIL: 'e2e-admin@example.com',
          ADMIN_PASSWORD: 'e2e admin password',
          // journeys across the cut-off move the shop's clock (PUT /api/test/clock)
          TEST_CLOCK_CONTROL: 'true',
        },
      },
})
