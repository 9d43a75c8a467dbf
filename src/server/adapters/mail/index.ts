import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from './mailer.ts'
import { createOutboxMailer } from './outbox-mailer.ts'
import { createSmtpMailer } from './smtp-mailer.ts'

export type { MailMessage, Mailer } from './mailer.ts'
export { countFailedSends } from './failure-counting-mailer.ts'

export function createMailer({
  smtpUrl,
  from,
  dataDir,
  log,
}: {
  smtpUrl: string | undefined
  from: string
  dataDir: string
  log: FastifyBaseLogger
}): Mailer {
  return smtpUrl
    ? createSmtpMailer({ url: smtpUrl, from })
    : createOutboxMailer({ directory: path.join(dataDir, 'outbox'), from, log })
}
