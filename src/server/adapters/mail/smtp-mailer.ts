import nodemailer from 'nodemailer'
import type { Mailer } from './mailer.ts'

/**
 * How long a mail server may keep us waiting (ms). A send that times out fails, and the e-mail
 * outbox retries it later; nodemailer's own defaults (2 and 10 minutes) would hold the outbox's
 * row, and a database connection, that long.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const

/** nodemailer over SMTP_URL (smtp:// or smtps://), from MAIL_FROM. */
export function createSmtpMailer({
  url,
  from,
  timeouts = {},
}: {
  url: string
  from: string
  /** shorter waits for tests */
  timeouts?: Partial<Record<keyof typeof SMTP_TIMEOUTS, number>>
}): Mailer {
  // timeouts set in the URL's query win over these
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...timeouts, url })
  return {
    async send(message) {
      const { messageId, ...content } = message
      await transport.sendMail({ from, ...content, ...(messageId ? { messageId } : {}) })
    },
  }
}
