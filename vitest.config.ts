import os from 'node:os'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/*
 * The unit and API projects load their modules once per worker, not once per file (Vitest's
 * isolate: false): their files share no state but what each builds for itself, and loading the
 * server's modules for every file was a third of the run. On 2 cores the unit, component and both
 * databases' API tests took 165 s (279 CPU-seconds) so against 343 s (466) with every file
 * isolated, one run after the other (docs/testing.md#ci). The components' project stays
 * isolated: a component test leaves the document's live regions behind for the next file.
 */

/**
 * The API tests, on the embedded PostgreSQL (`api`) or on TEST_DATABASE_URL's server
 * (`api-machine`): tests/setup/global-database.ts picks the server by the project's name.
 */
function apiProject(name: 'api' | 'api-machine'): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include: ['src/server/**/*.test.ts'],
      globalSetup: ['tests/setup/global-database.ts'],
      setupFiles: ['tests/setup/fail-on-console-error.ts'],
      // each file builds its own app on its own database (the note at the top of this file)
      isolate: false,
      // a bound on a hang, not a measure: on a 2-core machine whose system calls cost several
      // times the usual, the 40 racing cancels took 25 s on the machine's PostgreSQL
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }
}

export default defineConfig({
  test: {
    // one worker more than the cores (Vitest's own default is one fewer): the API tests spend
    // much of their time waiting on PostgreSQL. On 2 cores the unit, component and both
    // databases' API tests took 231 s on 3 workers against 430 s on 1 (that run had the process
    // tests beside it). The process project runs its files one at a time whatever this says.
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/web/**/*.test.ts',
            'src/web/lib/router.test.tsx',
            'tests/architecture/**/*.test.ts',
            'scripts/*.test.ts',
          ],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          isolate: false,
          // a server's clock is usually UTC: business dates must not depend on it
          // (docs/product.md#delivery, docs/decisions/0003-business-time-zone.md)
          env: { TZ: 'UTC' },
        },
      },
      {
        // components as a user meets them: rendered into a DOM (happy-dom), driven with
        // Testing Library, the server answered by a fake fetch (tests/setup/web-components.ts)
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          exclude: ['src/web/lib/router.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/web-components.ts'],
          env: { TZ: 'UTC' },
          // a dialog filled key by key takes about a second alone, and timed out at 5 s once
          // with the API tests and the process tests beside it on a 2-core CI machine
          testTimeout: 20_000,
        },
      },
      apiProject('api'),
      // the same API tests once more on the server TEST_DATABASE_URL names (CI sets it): run in
      // the same Vitest run, so the two databases' test files share one pool of workers
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-machine')] : []),
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          // each test starts the built shop (and its PostgreSQL) as a real process
          // on that slow machine the outage test took 83 s beside the browser tests
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
