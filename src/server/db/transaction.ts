import type { Database } from './client.ts'

/** An open transaction: the same query methods as the pool, inside BEGIN … COMMIT. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** The pool or an open transaction: a repo runs its statements on whichever it is given. */
export type Executor = Database | Transaction

/**
 * Runs `work` in one transaction. Services that change rows of several features (an order, its
 * coupon redemption, its checkout) are given this and pass the transaction to each feature.
 */
export type RunInTransaction = <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>

export const transactionRunner =
  (db: Database): RunInTransaction =>
  (work) =>
    db.transaction(work)
