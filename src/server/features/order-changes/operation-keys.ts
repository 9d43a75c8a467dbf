import type { Cents } from '#shared/domain/money.ts'
import type { PaymentOperationRow } from './order-money.repo.ts'

export type OperationKind = PaymentOperationRow['kind']

/**
 * The operation's idempotency key: one capture and one void per payment, a cancellation's
 * refund once per order, a late payment's refund once per payment, a staff refund or an item
 * short's refund once per key its dialog sent.
 */
export const operationKey = {
  capture: (paymentId: string) => `capture:${paymentId}`,
  void: (paymentId: string) => `void:${paymentId}`,
  cancelRefund: (orderId: string) => `refund:${orderId}:cancel`,
  lateRefund: (paymentId: string) => `refund:late:${paymentId}`,
  staffRefund: (orderId: string, clientKey: string) => `refund:${orderId}:${clientKey}`,
  /** an item short after the capture: once per key its dialog sent (docs/product.md#refunds) */
  shortRefund: (orderId: string, clientKey: string) => `refund:${orderId}:short:${clientKey}`,
}

/** an item short's refund: its customer hears of it in the packing session's one e-mail */
export const isShortRefund = (operation: Pick<PaymentOperationRow, 'idempotencyKey'>) =>
  /^refund:[^:]+:short:/.test(operation.idempotencyKey)

/** a cancellation's refund: its customer was told by the cancellation's e-mail already */
export const isCancelRefund = (operation: Pick<PaymentOperationRow, 'idempotencyKey'>) =>
  operation.idempotencyKey.endsWith(':cancel')

export interface OperationRequest {
  readonly key: string
  readonly orderId: string
  readonly kind: OperationKind
  readonly paymentId: string
  readonly amount: Cents
  readonly reason?: string
  readonly requestedByEmail?: string
}
