import { orderCutoffFor, formatDeliveryDate, formatEditDeadline } from '#shared/domain/delivery.ts'
import { formatCents, formatDecimalPrice, type Cents } from '#shared/domain/money.ts'
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

export type { EmailLinks } from './order-email-template.tsx'

/**
 * The e-mails of an order's week before delivery (docs/product.md#order-emails): confirmed,
 * changed, cancelled. Pure: the order as its customer reads it in, a message out.
 */

/**
 * Until when the customer may change or cancel (the minute before the cut-off, as the pages
 * say it), and that the card is charged at the cut-off (docs/product.md#order-changes).
 */
const untilTheCutoff = (order: Order) =>
  `You can change or cancel your order until ${formatEditDeadline(orderCutoffFor(new Date(order.deliveryDate)))}; your card is charged right after, for the order's total at that time.`

/**
 * Why the order is not on the Saturday checkout showed: its payment came through after that
 * Saturday's cut-off (docs/product.md#order-payments).
 */
export const movedNote = (order: Order, movedFrom: Date) =>
  `Your order is for ${formatDeliveryDate(new Date(order.deliveryDate))}, not ${formatDeliveryDate(movedFrom)} as checkout showed: your payment came through after that Saturday's order deadline (${formatEditDeadline(orderCutoffFor(movedFrom))}).`

/**
 * The order confirmation: items (a box's contents), totals, delivery date and window, and the
 * link to see or change the order until its cut-off. An order moved to a later Saturday than
 * checkout showed says so first.
 */
export function orderConfirmationEmail(
  order: Order,
  links?: EmailLinks & { movedFrom?: Date | null },
): MailMessage {
  const number = orderNumber(order.id)
  const movedFrom = links?.movedFrom
  return orderEmail(order, links?.publicUrl, {
    subject: movedFrom
      ? `Your ${SITE.name} order ${number}, for ${formatDeliveryDate(new Date(order.deliveryDate))}`
      : `Your ${SITE.name} order ${number}`,
    intro: [
      `Thank you for your order ${number}. Your local farmers are getting it ready.`,
      ...(movedFrom ? [movedNote(order, movedFrom)] : []),
    ],
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

/**
 * What became of a cancelled order's money, decided with the cancellation under the order's
 * lock (docs/product.md#order-payments): a hold released, a refund on its way, or nothing
 * ever charged.
 */
export type CancelMoney =
  | { readonly kind: 'hold_released'; readonly amount: Cents }
  | { readonly kind: 'refunding'; readonly amount: Cents }
  | { readonly kind: 'not_charged' }
  | { readonly kind: 'refunded_already'; readonly amount: Cents }

function moneyOfCancelled(money: CancelMoney): string {
  switch (money.kind) {
    case 'hold_released':
      return `Your card was not charged: the hold of ${formatCents(money.amount)} on it is released. Your bank may take a few days to show it.`
    case 'refunding':
      return `We are refunding ${formatCents(money.amount)} to your card, everything we charged. Your bank may take 5 to 10 business days to show it.`
    case 'refunded_already':
      return `The ${formatCents(money.amount)} we charged was refunded to your card already.`
    case 'not_charged':
      return 'Your card was not charged for this order.'
  }
}

/** A cancellation, by the customer or by the shop, and what became of the money. */
export function orderCancelledEmail(
  order: Order,
  { publicUrl, by, money }: EmailLinks & { by: 'customer' | 'staff'; money: CancelMoney },
): MailMessage {
  const number = orderNumber(order.id)
  const what =
    by === 'customer'
      ? `As you asked, your order ${number} for ${deliveryDayOf(order)} is cancelled.`
      : `We had to cancel your order ${number} for ${deliveryDayOf(order)}. We are sorry.`
  return orderEmail(order, publicUrl, {
    subject: `Your ${SITE.name} order ${number} is cancelled`,
    intro: [what, moneyOfCancelled(money)],
    facts: [['Order total', formatDecimalPrice(order.total)]],
    action: 'See your order',
    outro: [
      by === 'customer'
        ? 'We hope to bring you something from our farms another Saturday.'
        : `If you have any question, please call us at ${SITE.phone.display} or write to ${SITE.email}.`,
    ],
  })
}
