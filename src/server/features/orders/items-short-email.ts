import { decimalToCents, formatCents, sumCents } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { Order } from '#shared/schemas/order.ts'
import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'
import { orderEmail, type EmailLinks } from './order-email-template.tsx'

/**
 * The e-mail of a packing session's items short (docs/product.md#refunds): each item, why, and
 * what went back to the card or came off the total.
 */

/** One short item as the e-mail lists it. */
export interface ShortLine {
  readonly quantity: number
  readonly name: string
  readonly reason: string
  /** "4.33" */
  readonly amount: string
  readonly refunded: boolean
}

export function itemsShortEmail(
  order: Order,
  { publicUrl, lines }: EmailLinks & { lines: readonly ShortLine[] },
): MailMessage {
  const number = orderNumber(order.id)
  const amount = formatCents(sumCents(lines.map((line) => decimalToCents(line.amount))))
  const refunded = lines.some((line) => line.refunded)
  return orderEmail(order, publicUrl, {
    subject: `Some items were short on your ${SITE.name} order ${number}`,
    intro: [
      `We are sorry: while packing your order ${number}, some items were short, and we took them off your order.`,
      refunded
        ? `We refunded ${amount} to your card. Your bank may take 5 to 10 business days to show it.`
        : `Your card will be charged ${amount} less.`,
    ],
    facts: lines.map(
      (line) =>
        [
          `${line.quantity} × ${line.name}`,
          `${line.reason}, ${formatCents(decimalToCents(line.amount))} ${line.refunded ? 'refunded' : 'taken off'}`,
        ] as const,
    ),
    showItems: true,
    action: 'See your order',
    outro: [`Any question? Call us at ${SITE.phone.display} or write to ${SITE.email}.`],
  })
}
