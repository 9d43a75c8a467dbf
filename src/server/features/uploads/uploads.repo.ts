import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { uploadTickets } from '../../db/schema/uploads.ts'

export interface ClaimedTicket {
  readonly objectKey: string
  readonly maxBytes: number
}

export function createUploadsRepo(db: Database) {
  const claimed = { objectKey: uploadTickets.objectKey, maxBytes: uploadTickets.maxBytes }
  return {
    async createTicket(ticket: {
      objectKey: string
      maxBytes: number
      expiresAt: Date
      createdBy: string
    }): Promise<{ id: string }> {
      const [row] = await db
        .insert(uploadTickets)
        .values(ticket)
        .returning({ id: uploadTickets.id })
      if (!row) throw new Error('the upload ticket was not stored')
      return row
    },

    /**
     * Spends a ticket that is unused and unexpired, in one statement, so two requests racing
     * with the same URL cannot both pass.
     */
    async claimUnexpiredTicket(id: string, now: Date): Promise<ClaimedTicket | undefined> {
      const [row] = await db
        .update(uploadTickets)
        .set({ usedAt: now })
        .where(
          and(
            eq(uploadTickets.id, id),
            isNull(uploadTickets.usedAt),
            gt(uploadTickets.expiresAt, now),
          ),
        )
        .returning(claimed)
      return row
    },

    /**
     * Spends an unused ticket by its object key (a direct upload being completed, called once
     * its object is known to be in the store), in one statement like claimUnexpiredTicket. No
     * expiry here: the store only accepted the PUT while its pre-signed URL was valid.
     */
    async claimTicketByObjectKey(objectKey: string, now: Date): Promise<ClaimedTicket | undefined> {
      const [row] = await db
        .update(uploadTickets)
        .set({ usedAt: now })
        .where(and(eq(uploadTickets.objectKey, objectKey), isNull(uploadTickets.usedAt)))
        .returning(claimed)
      return row
    },
  }
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>
