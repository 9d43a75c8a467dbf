import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { OutboxEmail } from '#shared/schemas/order-changes.ts'
import { SITE } from '#shared/site-content.ts'
import type { MailMessage, Mailer } from '../../adapters/mail/index.ts'
import { AppError } from '../../app-error.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import { addJobWithin, type JobHandler } from '../../jobs/job-queue.ts'
import type { OutboxRepo, OutboxRow, OutboxStatus } from './outbox.repo.ts'

/**
 * The e-mail outbox (docs/product.md#order-emails). An e-mail is a row written in the
 * transaction of the change that causes it, with a `send_email` job beside it: both exist
 * exactly when that change committed, so a rollback sends nothing and a crash after the commit
 * loses nothing. The job queue runs the job until the mail server takes the message, with its
 * exponential backoff (about 3 hours over 10 attempts), then the e-mail shows as failed to the
 * admin, who can send it again.
 *
 * Delivery is at least once, with a window of one message: the row stays locked while the mail
 * server is talked to, so two runners never send it at once, and it is marked sent in the same
 * transaction right after the server accepted it. Only a crash (or a lost connection to the
 * database) between that acceptance and the commit sends it a second time; both copies carry
 * the same Message-ID, made from the row's id, so the copy is recognisable as the same message.
 */

export const SEND_EMAIL_TASK = 'send_email'
/** with graphile-worker's backoff (exp(n) seconds after attempt n) about 3 hours in all */
export const SEND_EMAIL_MAX_ATTEMPTS = 10

/** An e-mail to write to the outbox: what it is, its key against duplicates, the message. */
export interface OutboxEnqueue {
  /** what the e-mail is about: "order_changed", "refund", ... (shown to the admin) */
  readonly kind: string
  /**
   * The same key twice is the same e-mail, written once: e.g. "order_changed:<eventId>",
   * "refund:<idempotencyKey>". A retried job or a replayed webhook then adds nothing.
   */
  readonly dedupeKey: string
  readonly orderId: string | null
  /** its messageId, if any, is replaced by the outbox's own */
  readonly message: MailMessage
}

const SendEmailPayloadSchema = z.object({ outboxId: z.uuid() })

const MESSAGE_ID_DOMAIN = SITE.email.slice(SITE.email.indexOf('@') + 1)

/** One Message-ID per outbox row, whatever the attempt: "<outbox.<id>@houstonfarmtodoor.com>". */
export const messageIdOf = (outboxId: string) => `<outbox.${outboxId}@${MESSAGE_ID_DOMAIN}>`

const MAX_ERROR_LENGTH = 500

/**
 * What the admin reads of a failed send: the error's message, on one line, without the
 * password of a URL that may appear in it (an SMTP URL), and not too long.
 */
export function describeSendError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const safe = message
    .replace(/(\b[a-z][a-z\d+.-]*:\/\/)[^\s/@]*@/gi, '$1***@')
    .replace(/\s+/g, ' ')
    .trim()
  return (safe || 'Unknown error').slice(0, MAX_ERROR_LENGTH)
}

const addSendJobWithin = (tx: Transaction, outboxId: string) =>
  addJobWithin(
    tx,
    SEND_EMAIL_TASK,
    { outboxId },
    { jobKey: `${SEND_EMAIL_TASK}:${outboxId}`, maxAttempts: SEND_EMAIL_MAX_ATTEMPTS },
  )

export function toOutboxEmail(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    kind: row.kind,
    orderId: row.orderId,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  }
}

export function createOutboxService({
  repo,
  transaction,
  mailer,
  now,
  log,
}: {
  repo: OutboxRepo
  transaction: RunInTransaction
  mailer: Mailer
  now: () => Date
  log: FastifyBaseLogger
}) {
  /** Sends one e-mail; an error to throw when the mail server refused, after recording it. */
  async function sendLocked(
    tx: Transaction,
    outboxId: string,
    job: { attempts: number; maxAttempts: number },
  ): Promise<Error | null> {
    const within = repo.within(tx)
    const row = await within.lockForSending(outboxId)
    // gone, being sent by another runner, already sent, or given up (the admin's retry reopens it)
    if (row?.status !== 'pending') return null
    try {
      await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId: messageIdOf(row.id),
      })
    } catch (error) {
      const givenUp = job.attempts >= job.maxAttempts
      const described = describeSendError(error)
      await within.recordFailure(row.id, { error: described, givenUp, at: now() })
      log.warn(
        { outboxId: row.id, kind: row.kind, attempt: job.attempts, givenUp, error: described },
        givenUp ? 'e-mail failed for good: the admin can send it again' : 'e-mail failed: retrying',
      )
      // the job queue keeps and logs what the task threw: the described message, no more
      return new Error(`E-mail not sent: ${described}`)
    }
    await within.markSent(row.id, now())
    return null
  }

  const sendEmail: JobHandler = async (payload, job) => {
    const { outboxId } = SendEmailPayloadSchema.parse(payload)
    const failure = await transaction((tx) => sendLocked(tx, outboxId, job))
    // the failure is recorded (committed); throwing makes the job queue retry with backoff
    if (failure) throw failure
  }

  return {
    /** Writes the e-mail and its send job in the caller's transaction; a known key adds nothing. */
    async enqueueWithin(tx: Transaction, email: OutboxEnqueue): Promise<void> {
      const { message } = email
      const id = await repo.within(tx).insert({
        kind: email.kind,
        dedupeKey: email.dedupeKey,
        orderId: email.orderId,
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        createdAt: now(),
      })
      if (id) await addSendJobWithin(tx, id)
    },

    /**
     * When the e-mails of a kind whose dedupe key starts with `keyPrefix` were last written, by
     * the key's next part: "harvest:2026-11-28:" answers each producer id's latest harvest list.
     */
    lastWrittenByKey(kind: string, keyPrefix: string): Promise<Map<string, Date>> {
      return repo.lastWrittenByKey(kind, keyPrefix)
    },

    /** the job queue's tasks: give them to the job runner */
    handlers: { send_email: sendEmail } satisfies Record<typeof SEND_EMAIL_TASK, JobHandler>,

    /** the admin's list: newest first, at most 200, of one status or all */
    async list(status?: OutboxStatus): Promise<{ emails: OutboxEmail[] }> {
      return { emails: (await repo.list(status)).map(toOutboxEmail) }
    },

    /**
     * A failed e-mail back to pending with a new send job (its attempts so far are kept). An
     * e-mail that is pending or sent is answered as it is: a second click sends nothing more.
     */
    async retry(id: string): Promise<OutboxEmail> {
      const reopened = await transaction(async (tx) => {
        const row = await repo.within(tx).reopenFailed(id, now())
        if (row) await addSendJobWithin(tx, row.id)
        return row
      })
      if (reopened) {
        log.info({ outboxId: id, kind: reopened.kind }, 'failed e-mail queued again by staff')
        return toOutboxEmail(reopened)
      }
      const row = await repo.findById(id)
      if (!row) throw new AppError('NOT_FOUND', { message: 'E-mail not found' })
      return toOutboxEmail(row)
    },
  }
}

export type OutboxService = ReturnType<typeof createOutboxService>
