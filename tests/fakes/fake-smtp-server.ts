import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message the server was handed, accepted or refused. */
export interface SmtpDelivery {
  readonly to: string[]
  /** the message as sent, headers and body (quoted-printable soft breaks undone) */
  readonly raw: string
  readonly messageId: string | undefined
  readonly subject: string | undefined
}

/**
 * A real SMTP server (the smtp-server package) on a free local port, for the mail adapter and
 * the e-mail outbox. While `refusing` is set it answers each message with a temporary failure
 * (451), as a mail server in trouble does, and keeps it in `refused`.
 */
export async function startFakeSmtpServer() {
  const accepted: SmtpDelivery[] = []
  const refused: SmtpDelivery[] = []
  const state = { refusing: false }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '')
        // the header section, long headers unfolded onto one line
        const headers = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ')
        const header = (name: string) =>
          new RegExp(`^${name}:[ \\t]*(.*)$`, 'mi').exec(headers)?.[1]?.trim()
        const delivery = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          messageId: header('Message-ID'),
          subject: header('Subject'),
        }
        if (state.refusing) {
          refused.push(delivery)
          callback(
            Object.assign(new Error('Mailbox busy, please try again later'), {
              responseCode: 451,
            }),
          )
          return
        }
        accepted.push(delivery)
        callback()
      })
    },
  })
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    refused,
    /** answer every message with 451 from now on (true), or accept them again (false) */
    refuse(refusing: boolean) {
      state.refusing = refusing
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeSmtpServer = Awaited<ReturnType<typeof startFakeSmtpServer>>
