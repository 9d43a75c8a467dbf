import type { Cents } from '#shared/domain/money.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'
import type { Transaction } from '../../db/transaction.ts'
import type { OutboxService } from '../outbox/index.ts'
import {
  orderCancelledEmail,
  orderChangedEmail,
  orderConfirmationEmail,
  type CancelMoney,
} from './order-email.ts'
import { deliveredEmail, outForDeliveryEmail } from './order-delivery-emails.ts'
import {
  orderHeldEmail,
  paymentCapturedEmail,
  paymentFailedEmail,
  refundEmail,
} from './order-payment-emails.ts'
import { itemsShortEmail, type ShortLine } from './items-short-email.ts'

/** The e-mails of an order's life after checkout (docs/product.md#order-emails). */
export type OrderNotice =
  | { readonly kind: 'order_confirmed'; readonly movedFrom: Date | null }
  | { readonly kind: 'order_changed'; readonly oldTotal: Cents; readonly summary: string }
  | {
      readonly kind: 'order_cancelled'
      readonly by: 'customer' | 'staff'
      readonly money: CancelMoney
    }
  | { readonly kind: 'payment_captured' }
  | { readonly kind: 'payment_failed'; readonly payUntil: Date; readonly holdLost: boolean }
  /** still unpaid at the deadline to pay: not packed until paid by `payUntil` */
  | { readonly kind: 'order_held'; readonly payUntil: Date }
  | {
      readonly kind: 'refund'
      readonly amount: Cents
      readonly reason: string
      readonly late: boolean
    }
  | { readonly kind: 'out_for_delivery' }
  | { readonly kind: 'delivered' }
  /** the items short in one packing session (docs/product.md#refunds) */
  | { readonly kind: 'items_short'; readonly lines: readonly ShortLine[] }

function noticeEmail(order: Order, notice: OrderNotice, publicUrl: string): MailMessage {
  switch (notice.kind) {
    case 'order_confirmed':
      return orderConfirmationEmail(order, { publicUrl, movedFrom: notice.movedFrom })
    case 'order_changed':
      return orderChangedEmail(order, {
        publicUrl,
        oldTotal: notice.oldTotal,
        summary: notice.summary,
      })
    case 'order_cancelled':
      return orderCancelledEmail(order, { publicUrl, by: notice.by, money: notice.money })
    case 'payment_captured':
      return paymentCapturedEmail(order, { publicUrl })
    case 'payment_failed':
      return paymentFailedEmail(order, {
        publicUrl,
        payUntil: notice.payUntil,
        holdLost: notice.holdLost,
      })
    case 'order_held':
      return orderHeldEmail(order, { publicUrl, payUntil: notice.payUntil })
    case 'refund':
      return refundEmail(order, {
        publicUrl,
        amount: notice.amount,
        reason: notice.reason,
        late: notice.late,
      })
    case 'out_for_delivery':
      return outForDeliveryEmail(order, { publicUrl })
    case 'delivered':
      return deliveredEmail(order, { publicUrl })
    case 'items_short':
      return itemsShortEmail(order, { publicUrl, lines: notice.lines })
  }
}

/**
 * Writes a notice's e-mail to the outbox inside the transaction of the change that causes it
 * (sent once that commits; the dedupe key makes writing it twice a no-op), from the order as
 * that transaction sees it, to the address of the customer's account: never an address typed
 * into an order, which nobody confirmed (docs/product.md#order-emails).
 */
export function createNotices(deps: {
  outbox: Pick<OutboxService, 'enqueueWithin'>
  publicUrl: string
  accountEmail: (userId: string, tx: Transaction) => Promise<string | null>
}) {
  return async function noticeWithin(
    tx: Transaction,
    order: Order & { userId: string },
    notice: OrderNotice,
    dedupeKey: string,
    /** the account's address when the caller has just read it */
    accountAddress?: string,
  ): Promise<void> {
    const to = accountAddress ?? (await deps.accountEmail(order.userId, tx)) ?? order.customerEmail
    const message = noticeEmail(order, notice, deps.publicUrl)
    await deps.outbox.enqueueWithin(tx, {
      kind: notice.kind,
      dedupeKey,
      orderId: order.id,
      message: { ...message, to },
    })
  }
}

export type NoticeWithin = ReturnType<typeof createNotices>
