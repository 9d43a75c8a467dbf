import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ControllableClock } from '../clock.ts'

/**
 * Test-only routes (TEST_CLOCK_CONTROL; buildApp refuses them in production): move the shop's
 * clock, and run what is due now, so a browser test can pass a cut-off in a second.
 */
export function registerTestClock(app: FastifyInstance, clock: ControllableClock) {
  app.put(
    '/api/test/clock',
    { schema: { body: z.strictObject({ now: z.iso.datetime({ offset: true }).nullable() }) } },
    async (request) => {
      const { now } = request.body as { now: string | null }
      clock.set(now ? new Date(now) : null)
      return { now: clock.now().toISOString() }
    },
  )
  app.post('/api/test/run-due-jobs', async () => {
    await app.jobs.runDue()
    return { ok: true }
  })
}
