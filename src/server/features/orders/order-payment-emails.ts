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
import {
  deliveryDayOf,
  deliveryFacts,
  orderEmail,
  type EmailLinks,
} from './order-email-template.tsx'

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

/**
 * The card can no longer pay for the order: the cut-off's charge was refused, or before it the
 * bank released the hold (`holdLost`). Pay with another card before `payUntil`.
 */
export function paymentFailedEmail(
  order: Order,
  { publicUrl, payUntil, holdLost = false }: EmailLinks & { payUntil: Date; holdLost?: boolean },
): MailMessage {
  const number = orderNumber(order.id)
  const until = formatEditDeadline(payUntil)
  return orderEmail(order, publicUrl, {
    subject: `Action needed: payment for your ${SITE.name} order ${number}`,
    intro: [
      holdLost
        ? `Your bank released the hold of ${formatDecimalPrice(order.authorizedAmount)} on your card for your order ${number} for ${deliveryDayOf(order)}, so we cannot charge it.`
        : `We could not charge ${formatDecimalPrice(order.total)} to your card for your order ${number} for ${deliveryDayOf(order)}.`,
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

/**
 * Money given back after the charge: how much, why, and how much in all. A payment that came
 * after the pay-again deadline (`late`) was never applied to the order: it is given back whole.
 */
export function refundEmail(
  order: Order,
  {
    publicUrl,
    amount,
    reason,
    late = false,
  }: EmailLinks & { amount: Cents; reason: string; late?: boolean },
): MailMessage {
  const number = orderNumber(order.id)
  const refundedInAll = decimalToCents(order.refundedAmount)
  if (late) {
    return orderEmail(order, publicUrl, {
      subject: `A refund of ${formatCents(amount)} for your ${SITE.name} order ${number}`,
      intro: [
        `Your payment of ${formatCents(amount)} for your order ${number} came after the deadline to pay, when your order could no longer be packed. We refunded all of it to your card. Your bank may take 5 to 10 business days to show it.`,
      ],
      facts: [
        ['Refund', formatCents(amount)],
        ['Reason', reason],
      ],
      action: 'See your order',
      outro: [`Any question? Call us at ${SITE.phone.display} or write to ${SITE.email}.`],
    })
  }
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

/**
 * Still unpaid at the deadline to pay: the order is on hold, neither packed nor delivered,
 * until it is paid (by `payUntil`, when packing stops) or the shop hears from the customer
 * (docs/product.md#order-payments).
 */
export function orderHeldEmail(
  order: Order,
  { publicUrl, payUntil }: EmailLinks & { payUntil: Date },
): MailMessage {
  const number = orderNumber(order.id)
  const until = formatEditDeadline(payUntil)
  return orderEmail(order, publicUrl, {
    subject: `On hold: your ${SITE.name} order ${number} is not paid`,
    intro: [
      `We still could not take payment for your order ${number} for ${deliveryDayOf(order)}, so it is on hold: we will not pack or deliver it until it is paid.`,
      `You can still pay ${formatDecimalPrice(order.total)} with another card by ${until}, or contact us.`,
    ],
    facts: [
      ['Amount to pay', formatDecimalPrice(order.total)],
      ['Pay by', until],
    ],
    action: 'Pay for your order',
    outro: [`Please call us at ${SITE.phone.display} or write to ${SITE.email}.`],
  })
}
