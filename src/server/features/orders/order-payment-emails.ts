import { formatEditDeadline } from '#shared/domain/delivery.ts'
import {
  decimalToCents,
  formatCents,
  formatDecimalPrice,
  type Cents,
} from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { Order } from '#shared/schemas/order.ts'
import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'
import { deliveryDayOf, deliveryFacts, orderEmail, type EmailLinks } from './order-email-layout.ts'

/**
 * The e-mails of an order's money (docs/product.md#order-payments): the receipt at the cut-off,
 * a capture that failed (with the link to pay with another card), a refund.
 */

/** The receipt: the card was charged at the cut-off for the order's final total. */
export function paymentCapturedEmail(order: Order, { publicUrl }: EmailLinks): MailMessage {
  const number = orderNumber(order.id)
  const charged = formatDecimalPrice(order.capturedAmount)
  return orderEmail(order, publicUrl, {
    subject: `Your receipt for ${SITE.name} order ${number}`,
    intro: [
      `We charged ${charged} to your card for your order ${number}. Your farmers are packing it for ${deliveryDayOf(order)}.`,
    ],
    facts: [['Charged to your card', charged], ...deliveryFacts(order)],
    showItems: true,
    action: 'See your order',
    outro: ['Keep this e-mail as your receipt.'],
    signOff: 'See you on Saturday,',
  })
}

/** The cut-off's charge was refused: pay with another card before `payUntil`. */
export function paymentFailedEmail(
  order: Order,
  { publicUrl, payUntil }: EmailLinks & { payUntil: Date },
): MailMessage {
  const number = orderNumber(order.id)
  const until = formatEditDeadline(payUntil)
  return orderEmail(order, publicUrl, {
    subject: `Action needed: payment for your ${SITE.name} order ${number}`,
    intro: [
      `We could not charge ${formatDecimalPrice(order.total)} to your card for your order ${number} for ${deliveryDayOf(order)}.`,
      `To keep your delivery, please pay with another card by ${until}.`,
    ],
    facts: [
      ['Amount to pay', formatDecimalPrice(order.total)],
      ['Pay by', until],
    ],
    action: 'Pay for your order',
    outro: [
      `If you need a hand, please call us at ${SITE.phone.display} or write to ${SITE.email}.`,
    ],
  })
}

/** Money given back after the charge: how much, why, and how much in all. */
export function refundEmail(
  order: Order,
  { publicUrl, amount, reason }: EmailLinks & { amount: Cents; reason: string },
): MailMessage {
  const number = orderNumber(order.id)
  const refundedInAll = decimalToCents(order.refundedAmount)
  return orderEmail(order, publicUrl, {
    subject: `A refund of ${formatCents(amount)} for your ${SITE.name} order ${number}`,
    intro: [
      `We refunded ${formatCents(amount)} to your card for your order ${number}. Your bank may take 5 to 10 business days to show it.`,
    ],
    facts: [
      ['Refund', formatCents(amount)],
      ['Reason', reason],
      ...(refundedInAll > amount ? [['Refunded in all', formatCents(refundedInAll)] as const] : []),
      ['Charged', formatDecimalPrice(order.capturedAmount)],
    ],
    action: 'See your order',
    outro: [`Any question? Call us at ${SITE.phone.display} or write to ${SITE.email}.`],
  })
}
