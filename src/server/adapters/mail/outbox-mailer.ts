import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { redactUrl } from '../../log-redaction.ts'
import type { Mailer } from './mailer.ts'

/**
 * Without SMTP_URL every message is written as an .eml file under DATA_DIR/outbox, where a
 * developer (or a browser test) opens its links. The log says where the file is, with its subject
 * and its links, their secrets (a reset or invitation token) redacted: reading the logs must not
 * let anyone reset a password or take an invitation (docs/product.md#security).
 */
export function createOutboxMailer({
  directory,
  from,
  log,
}: {
  directory: string
  from: string
  log: FastifyBaseLogger
}): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    async send(message) {
      const { messageId, ...content } = message
      const { message: eml } = (await transport.sendMail({
        from,
        ...content,
        ...(messageId ? { messageId } : {}),
      })) as { message: Buffer }
      await fs.mkdir(directory, { recursive: true })
      const file = path.join(
        directory,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      )
      await fs.writeFile(file, eml, { mode: 0o600 })
      const links = (message.text.match(/https?:\/\/\S+/g) ?? []).map(redactUrl)
      log.info(
        { to: message.to, subject: message.subject, messageId, links, file },
        'e-mail written to the outbox',
      )
    },
  }
}
