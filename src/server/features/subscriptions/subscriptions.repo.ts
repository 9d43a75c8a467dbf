import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  subscriptionItems,
  subscriptions,
  subscriptionSkips,
} from '../../db/schema/subscriptions.ts'
import type { Executor } from '../../db/transaction.ts'

export interface SubscriptionRow {
  id: string
  userId: string
  frequencyWeeks: number
  firstSaturday: string
  paymentMethodId: string
  pausedUntil: string | null
  pausedFrom: string | null
  cancelledAt: Date | null
  lastSaturday: string | null
  version: number
  createdAt: Date
  items: Array<{
    productId: string
    quantity: number
    customSelections: string[] | null
  }>
  skipped: string[]
}

export interface NewSubscription {
  userId: string
  frequencyWeeks: number
  firstSaturday: string
  paymentMethodId: string
  items: ReadonlyArray<{ id: string; quantity: number; customSelections?: string[] | undefined }>
}

type SubscriptionFields = Partial<
  Pick<
    typeof subscriptions.$inferInsert,
    | 'frequencyWeeks'
    | 'firstSaturday'
    | 'paymentMethodId'
    | 'pausedUntil'
    | 'pausedFrom'
    | 'cancelledAt'
    | 'lastSaturday'
  >
>

const ownedBy = (userId: string | null, id: string) =>
  userId === null
    ? eq(subscriptions.id, id)
    : and(eq(subscriptions.id, id), eq(subscriptions.userId, userId))

/** Subscriptions, their lines and skipped Saturdays (docs/product.md#subscriptions). */
export function createSubscriptionsRepo(db: Database) {
  async function withDetails(executor: Executor, rows: Array<typeof subscriptions.$inferSelect>) {
    if (rows.length === 0) return []
    const ids = rows.map((row) => row.id)
    const [items, skips] = await Promise.all([
      executor
        .select({
          subscriptionId: subscriptionItems.subscriptionId,
          productId: subscriptionItems.productId,
          quantity: subscriptionItems.quantity,
          customSelections: subscriptionItems.customSelections,
        })
        .from(subscriptionItems)
        .where(inArray(subscriptionItems.subscriptionId, ids)),
      executor
        .select()
        .from(subscriptionSkips)
        .where(inArray(subscriptionSkips.subscriptionId, ids))
        .orderBy(asc(subscriptionSkips.saturday)),
    ])
    return rows.map((row): SubscriptionRow => ({
      id: row.id,
      userId: row.userId,
      frequencyWeeks: row.frequencyWeeks,
      firstSaturday: row.firstSaturday,
      paymentMethodId: row.paymentMethodId,
      pausedUntil: row.pausedUntil,
      pausedFrom: row.pausedFrom,
      cancelledAt: row.cancelledAt,
      lastSaturday: row.lastSaturday,
      version: row.version,
      createdAt: row.createdAt,
      items: items
        .filter((item) => item.subscriptionId === row.id)
        .map(({ subscriptionId: _subscription, ...item }) => ({
          ...item,
          customSelections: item.customSelections ?? null,
        })),
      skipped: skips.filter((skip) => skip.subscriptionId === row.id).map((skip) => skip.saturday),
    }))
  }

  async function replaceItems(
    executor: Executor,
    subscriptionId: string,
    items: NewSubscription['items'],
  ) {
    await executor
      .delete(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, subscriptionId))
    await executor.insert(subscriptionItems).values(
      items.map((item) => ({
        subscriptionId,
        productId: item.id,
        quantity: item.quantity,
        customSelections: item.customSelections?.length ? item.customSelections : null,
      })),
    )
  }

  /**
   * The user's subscription, or null for another's or an unknown one; with no user (the admin),
   * anyone's.
   */
  async function findOf(userId: string | null, id: string, executor: Executor = db) {
    const rows = await executor.select().from(subscriptions).where(ownedBy(userId, id))
    const [found] = await withDetails(executor, rows)
    return found ?? null
  }

  return {
    async create(subscription: NewSubscription): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(subscriptions)
          .values({
            userId: subscription.userId,
            frequencyWeeks: subscription.frequencyWeeks,
            firstSaturday: subscription.firstSaturday,
            paymentMethodId: subscription.paymentMethodId,
          })
          .returning({ id: subscriptions.id })
        if (!row) throw new Error('the subscription was not stored')
        await replaceItems(tx, row.id, subscription.items)
        return row.id
      })
    },

    async listOf(userId: string): Promise<SubscriptionRow[]> {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      return withDetails(db, rows)
    },

    /** every subscription, newest first (the admin's list) */
    async listAll(): Promise<SubscriptionRow[]> {
      const rows = await db
        .select()
        .from(subscriptions)
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      return withDetails(db, rows)
    },

    /**
     * The user's subscription, or null for another's or an unknown one; with no user (the
     * admin), anyone's.
     */
    async findOf(userId: string | null, id: string, executor: Executor = db) {
      const rows = await executor.select().from(subscriptions).where(ownedBy(userId, id))
      const [found] = await withDetails(executor, rows)
      return found ?? null
    },

    /**
     * Runs a change of one of the user's subscriptions in a transaction holding its row: two
     * changes at once take turns, and the second sees what the first did.
     */
    async changing<T>(
      userId: string | null,
      id: string,
      change: (current: SubscriptionRow | null, tx: Executor) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const locked = await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(ownedBy(userId, id))
          .for('update')
        if (locked.length === 0) return change(null, tx)
        const current = await findOf(userId, id, tx)
        return change(current, tx)
      })
    },

    /** sets fields and raises the version */
    async update(executor: Executor, id: string, fields: SubscriptionFields) {
      await executor
        .update(subscriptions)
        .set({ ...fields, version: sql`${subscriptions.version} + 1` })
        .where(eq(subscriptions.id, id))
    },

    async setItems(executor: Executor, id: string, items: NewSubscription['items']) {
      await replaceItems(executor, id, items)
    },

    async skip(executor: Executor, id: string, saturday: string) {
      await executor
        .insert(subscriptionSkips)
        .values({ subscriptionId: id, saturday })
        .onConflictDoNothing()
    },

    async unskip(executor: Executor, id: string, saturday: string) {
      await executor
        .delete(subscriptionSkips)
        .where(
          and(eq(subscriptionSkips.subscriptionId, id), eq(subscriptionSkips.saturday, saturday)),
        )
    },
  }
}

export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>
