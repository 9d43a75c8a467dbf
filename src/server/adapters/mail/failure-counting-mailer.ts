import type { Mailer } from './mailer.ts'

/** The same mailer, calling `onFailure` (emails_failed_total) each time a send fails. */
export function countFailedSends(mailer: Mailer, onFailure: () => void): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message)
      } catch (error) {
        onFailure()
        throw error
      }
    },
  }
}
