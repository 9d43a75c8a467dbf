import { stringify } from 'csv-stringify/sync'
import { neutralizeCsvFormula } from '#shared/domain/csv-safety.ts'
import { chicagoDayOf } from '#shared/domain/delivery.ts'
import { isServedZip } from '#shared/domain/service-area.ts'
import type {
  AdminContactMessages,
  AdminEmails,
  EmailEntry,
  UnservedZip,
  WaitlistEntry,
} from '#shared/schemas/admin.ts'
import { AppError } from '../../app-error.ts'
import { toContactMessage } from './marketing.service.ts'
import type { AdminMessagesRepo, EmailRow, WaitlistRow } from './admin-messages.repo.ts'

export const MESSAGE_DELETED = 'Message deleted'
export const EMAILS_CSV_HEADER = ['Email', 'Type', 'Date', 'ZIP'] as const

export interface EmailsCsv {
  /** emails-YYYY-MM-DD.csv, the day in Houston */
  fileName: string
  body: string
}

/** The Messages and Emails tabs of the admin dashboard (docs/product.md#admin, #security). */
export function createAdminMessagesService({
  repo,
  now,
}: {
  repo: AdminMessagesRepo
  now: () => Date
}) {
  async function listEmails(): Promise<AdminEmails> {
    const [waitlist, newsletter] = await Promise.all([
      repo.listWaitlistEmails(),
      repo.listNewsletterEmails(),
    ])
    return {
      waitlist: waitlist.map(toWaitlistEntry),
      newsletter: newsletter.map(toEmailEntry),
      totalCount: waitlist.length + newsletter.length,
      outsideServiceArea: unservedZips(waitlist),
    }
  }

  return {
    async listContactMessages(): Promise<AdminContactMessages> {
      const rows = await repo.listContactMessages()
      return { contactMessages: rows.map(toContactMessage), totalCount: rows.length }
    },

    async deleteContactMessage(id: string): Promise<{ message: string }> {
      if (!(await repo.deleteContactMessage(id))) throw new AppError('MESSAGE_NOT_FOUND')
      return { message: MESSAGE_DELETED }
    },

    listEmails,

    /**
     * One row per list entry: the newsletter's, then the waitlist's, each newest first (the order
     * of the page). Date is the sign-up instant in ISO 8601 UTC (`2026-11-24T03:00:00.000Z`):
     * exact, and read as a date-time by spreadsheets. ZIP is the waitlist's, when one was given.
     */
    async emailsCsv(): Promise<EmailsCsv> {
      const { waitlist, newsletter } = await listEmails()
      const rows = [
        ...newsletter.map((entry) => [entry.email, 'Newsletter', entry.created_at, '']),
        ...waitlist.map((entry) => [
          entry.email,
          'Waitlist',
          entry.created_at,
          entry.zipCode ?? '',
        ]),
      ]
      const body = stringify([[...EMAILS_CSV_HEADER], ...rows], {
        record_delimiter: 'windows',
        // the writer quotes only a whole CRLF; a lone CR or LF still breaks a row in some readers
        quoted_match: /[\r\n]/,
        cast: { string: neutralizeCsvFormula },
      })
      return { fileName: `emails-${chicagoDayOf(now())}.csv`, body }
    },
  }
}

export type AdminMessagesService = ReturnType<typeof createAdminMessagesService>

function toEmailEntry(row: EmailRow): EmailEntry {
  return { id: row.id, email: row.email, created_at: row.createdAt.toISOString() }
}

function toWaitlistEntry(row: WaitlistRow): WaitlistEntry {
  return { ...toEmailEntry(row), zipCode: row.zipCode }
}

/**
 * Demand where we do not deliver (docs/product.md#demand): the waitlist's ZIPs outside the
 * service area, by number of sign-ups (most first, then by ZIP).
 */
function unservedZips(waitlist: readonly WaitlistRow[]): UnservedZip[] {
  const counts = new Map<string, number>()
  for (const { zipCode } of waitlist) {
    if (zipCode === null || isServedZip(zipCode)) continue
    counts.set(zipCode, (counts.get(zipCode) ?? 0) + 1)
  }
  return [...counts]
    .map(([zipCode, signUps]) => ({ zipCode, signUps }))
    .sort((a, b) => b.signUps - a.signUps || a.zipCode.localeCompare(b.zipCode))
}
