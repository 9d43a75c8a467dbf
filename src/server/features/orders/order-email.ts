import { formatEditDeadline, orderCutoffFor } from '#shared/domain/delivery.ts'
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

export type { EmailLinks } from './order-email-layout.ts'

/**
 * The e-mails of an order's week before delivery (docs/product.md#order-emails): confirmed,
 * changed, cancelled. Pure: the order as its customer reads it in, a message out.
 */

/**
 * Until when the customer may change or cancel, and when the card is charged: the order's
 * cut-off (docs/product.md#order-changes).
 */
const untilTheCutoff = (order: Order) =>
  `You can change or cancel your order until ${formatEditDeadline(orderCutoffFor(new Date(order.deliveryDate)))}; your card is charged then, for the order's total at that time.`

/**
 * The order confirmation: items (a box's contents), totals, delivery date and window, and the
 * link to see or change the order until its cut-off.
 */
export function orderConfirmationEmail(order: Order, links?: EmailLinks): MailMessage {
  const number = orderNumber(order.id)
  return orderEmail(order, links?.publicUrl, {
    subject: `Your ${SITE.name} order ${number}`,
    intro: [`Thank you for your order ${number}. Your local farmers are getting it ready.`],
    facts: deliveryFacts(order),
    showItems: true,
    action: 'See or change your order',
    outro: [untilTheCutoff(order)],
    signOff: 'See you on Saturday,',
  })
}

/** A change saved (by its customer, before the cut-off): what changed, the old and new totals. */
export function orderChangedEmail(
  order: Order,
  { publicUrl, oldTotal, summary }: EmailLinks & { oldTotal: Cents; summary: string },
): MailMessage {
  const number = orderNumber(order.id)
  return orderEmail(order, publicUrl, {
    subject: `Your ${SITE.name} order ${number} was changed`,
    intro: [`Your order ${number} was changed: ${summary}`],
    facts: [
      ['Total before', formatCents(oldTotal)],
      ['New total', formatDecimalPrice(order.total)],
      ...deliveryFacts(order),
    ],
    showItems: true,
    action: 'See or change your order',
    outro: [untilTheCutoff(order)],
    signOff: 'See you on Saturday,',
  })
}

/** What happened to the money of a cancelled order, read from its payment state. */
function moneyOfCancelled(order: Order): string {
  const refunded = decimalToCents(order.refundedAmount)
  if (refunded > 0) {
    return `We refunded ${formatCents(refunded)} to your card. Your bank may take 5 to 10 business days to show it.`
  }
  return `Your card was not charged: the hold of ${formatDecimalPrice(order.authorizedAmount)} on it is released. Your bank may take a few days to show it.`
}

/** A cancellation, by the customer or by the shop, and what became of the money. */
export function orderCancelledEmail(
  order: Order,
  { publicUrl, by }: EmailLinks & { by: 'customer' | 'staff' },
): MailMessage {
  const number = orderNumber(order.id)
  const what =
    by === 'customer'
      ? `As you asked, your order ${number} for ${deliveryDayOf(order)} is cancelled.`
      : `We had to cancel your order ${number} for ${deliveryDayOf(order)}. We are sorry.`
  return orderEmail(order, publicUrl, {
    subject: `Your ${SITE.name} order ${number} is cancelled`,
    intro: [what, moneyOfCancelled(order)],
    facts: [['Order total', formatDecimalPrice(order.total)]],
    action: 'See your order',
    outro: [
      by === 'customer'
        ? 'We hope to bring you something from our farms another Saturday.'
        : `If you have any question, please call us at ${SITE.phone.display} or write to ${SITE.email}.`,
    ],
  })
}
