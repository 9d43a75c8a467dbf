import nodemailer from 'nodemailer'
import type { Mailer } from './mailer.ts'

/** nodemailer over SMTP_URL (smtp:// or smtps://), from MAIL_FROM. */
export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
    },
  }
}
