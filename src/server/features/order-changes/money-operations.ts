import type { FastifyBaseLogger } from 'fastify'
import { centsToDecimal, decimalToCents } from '#shared/domain/money.ts'
import {
  PaymentRefusedError,
  type PaymentProvider,
  type Refund,
} from '../../adapters/payments/index.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import { addJobWithin } from '../../jobs/job-queue.ts'
import type { OrdersService } from '../orders/index.ts'
import type { OperationRequest } from './operation-keys.ts'
import type { OrderMoneyRepo, PaymentOperationRow } from './order-money.repo.ts'
import {
  createOutcomeRecorder,
  judgeRefusal,
  refundOutcome,
  type OperationOutcome,
} from './operation-outcomes.ts'

export const PAYMENT_OPERATION_JOB = 'payment_operation'

/**
 * Whoever stores an operation carries it out at once (carryOutSoon); its job is the fallback for
 * a process that died or a provider that was away, so it waits this long rather than racing
 * the caller for the same provider call.
 */
const FALLBACK_AFTER_SECONDS = 60

export interface MoneyDeps {
  repo: OrderMoneyRepo
  transaction: RunInTransaction
  provider: PaymentProvider
  orders: Pick<OrdersService, 'recordPaymentWithin' | 'lockRowWithin'>
  log: FastifyBaseLogger
  now: () => Date
}

/**
 * Money moves through stored operations (docs/product.md#order-payments): the operation is
 * written under its idempotency key inside the transaction that decides it, with a job that
 * carries it out, so a crash between the decision and the provider's answer only delays it.
 * Carrying it out sends the same key to the provider (which moves the money once however often
 * it is asked) and records the outcome once, on the locked operation row. A refusal is never
 * taken at its word: the payment is read back and the outcome follows what it is.
 */
export function createMoneyOperations(deps: MoneyDeps) {
  const { repo, transaction, provider, log, now } = deps
  const outcomes = createOutcomeRecorder({
    orders: deps.orders,
    log,
    requestWithin: (tx, operation) => requestWithin(tx, operation),
  })

  /**
   * Stores an operation inside the caller's transaction, with the job that carries it out if the
   * caller does not (the caller calls carryOutSoon once the transaction has committed).
   */
  async function requestWithin(tx: Transaction, operation: OperationRequest) {
    const { row, stored } = await repo.within(tx).storeOperation({
      idempotencyKey: operation.key,
      orderId: operation.orderId,
      kind: operation.kind,
      paymentId: operation.paymentId,
      amount: centsToDecimal(operation.amount),
      reason: operation.reason ?? null,
      requestedByEmail: operation.requestedByEmail ?? null,
      createdAt: now(),
    })
    if (stored) {
      await addJobWithin(
        tx,
        PAYMENT_OPERATION_JOB,
        { key: operation.key },
        {
          jobKey: `${PAYMENT_OPERATION_JOB}:${operation.key}`,
          maxAttempts: 25,
          delaySeconds: FALLBACK_AFTER_SECONDS,
        },
      )
    }
    return { row, stored }
  }

  async function callProvider(operation: PaymentOperationRow): Promise<Refund | null> {
    const amount = decimalToCents(operation.amount)
    switch (operation.kind) {
      case 'capture':
        await provider.capture({
          paymentId: operation.paymentId,
          amount,
          idempotencyKey: operation.idempotencyKey,
        })
        return null
      case 'void':
        await provider.void({
          paymentId: operation.paymentId,
          idempotencyKey: operation.idempotencyKey,
        })
        return null
      case 'refund':
        return provider.refund({
          paymentId: operation.paymentId,
          amount,
          reason: operation.reason ?? 'requested by the shop',
          idempotencyKey: operation.idempotencyKey,
        })
    }
  }

  /**
   * What the provider says of an operation: its answer, or after a refusal what the payment
   * turns out to be. A provider that cannot be reached throws: the operation stays as it was
   * and its job retries.
   */
  async function askProvider(operation: PaymentOperationRow): Promise<OperationOutcome> {
    if (operation.status === 'processing') {
      const refund = await provider.retrieveRefund(operation.providerReference ?? '')
      return refundOutcome(refund ?? null)
    }
    try {
      const refund = await callProvider(operation)
      return operation.kind === 'refund' ? refundOutcome(refund) : { status: 'succeeded' }
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) throw error
      const payment = await provider.retrievePayment(operation.paymentId)
      return judgeRefusal(operation, payment, error.message, now())
    }
  }

  /**
   * Carries out a stored operation once: the provider is asked under the operation's key, and
   * the outcome recorded on the locked row, with what it means for the order (a racing run
   * finds it settled and changes nothing). A refund the bank has not answered stays
   * processing until its event (or the sweep) settles it.
   */
  async function carryOut(key: string): Promise<PaymentOperationRow | undefined> {
    const operation = await repo.findOperation(key)
    if (!operation || (operation.status !== 'pending' && operation.status !== 'processing')) {
      return operation
    }
    const outcome = await askProvider(operation)
    const followUps: string[] = []
    const settled = await transaction(async (tx) => {
      // the operation's row, then (recording the outcome) its order's: every carrying out takes
      // them in this order, and nothing else locks an operation's row
      const locked = await repo.within(tx).lockOperation(key)
      if (!locked || locked.status !== operation.status) return locked
      const finishedAt = outcome.status === 'processing' ? null : now()
      await repo.within(tx).finishOperation(key, {
        status: outcome.status,
        error: outcome.status === 'failed' ? outcome.why : null,
        providerReference: outcome.reference ?? locked.providerReference,
        finishedAt,
      })
      followUps.push(...(await outcomes.applyWithin(tx, locked, outcome)))
      return {
        ...locked,
        status: outcome.status,
        finishedAt,
        providerReference: outcome.reference ?? locked.providerReference,
      }
    })
    for (const next of followUps) await carryOutSoon(next)
    return settled
  }

  /** Carries it out now for a prompt answer; if the provider is away, the job retries later. */
  async function carryOutSoon(key: string): Promise<PaymentOperationRow | undefined> {
    try {
      return await carryOut(key)
    } catch (error) {
      log.warn({ err: error, key }, 'payment operation deferred to the job queue')
      return undefined
    }
  }

  return { requestWithin, carryOut, carryOutSoon }
}

export type MoneyOperations = ReturnType<typeof createMoneyOperations>
