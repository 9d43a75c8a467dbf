import { createHash } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { adminUsers, passwordResetTokens, users } from '../../db/schema/accounts.ts'
import type { Executor } from '../../db/transaction.ts'

export type NewUser = typeof users.$inferInsert
export type UserRow = typeof users.$inferSelect

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export function createAuthRepo(db: Database) {
  return {
    /** The address of an account, or null when there is no such account. */
    async emailOf(userId: string, executor: Executor = db): Promise<string | null> {
      const [row] = await executor
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
      return row?.email ?? null
    },

    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
      return row
    },

    /** undefined when the address is taken (the unique lower(email) index decides, race-free) */
    async insertUser(values: NewUser): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning()
      return row
    },

    async updateUser(id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
      return row
    },

    async makeAdmin(userId: string): Promise<void> {
      await db.insert(adminUsers).values({ userId }).onConflictDoNothing()
    },

    /** A new reset token revokes the user's earlier ones. */
    async replaceResetToken(userId: string, token: string, expiresAt: Date, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
        await tx
          .insert(passwordResetTokens)
          .values({ userId, tokenHash: hashToken(token), expiresAt })
      })
    },

    /**
     * Spends a token and sets the new password in one transaction. The conditional update makes
     * the token single-use even when two resets race. Returns the user id, or undefined.
     */
    async resetPassword(
      token: string,
      passwordHash: string,
      at: Date,
    ): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const [spent] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashToken(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, at),
            ),
          )
          .returning({ userId: passwordResetTokens.userId })
        if (!spent) return undefined
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: at })
          .where(eq(users.id, spent.userId))
        return spent.userId
      })
    },
  }
}

export type AuthRepo = ReturnType<typeof createAuthRepo>
