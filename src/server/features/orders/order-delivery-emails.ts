import { DELIVERY_WINDOW } from '#shared/domain/delivery.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { Order } from '#shared/schemas/order.ts'
import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'
import { deliveryFacts, orderEmail, type EmailLinks } from './order-email-template.tsx'

/**
 * The e-mails of delivery day (docs/product.md#order-emails), sent when the staff set the
 * order's delivery status: on its way, then delivered (the FAQ promises the second).
 */

export function outForDeliveryEmail(order: Order, { publicUrl }: EmailLinks): MailMessage {
  const number = orderNumber(order.id)
  return orderEmail(order, publicUrl, {
    subject: `Your ${SITE.name} order ${number} is on its way`,
    intro: [
      `Your order ${number} is out for delivery today and will reach you between ${DELIVERY_WINDOW.label}.`,
    ],
    facts: deliveryFacts(order),
    action: 'See your order',
    outro: [
      `Need to tell the driver something? Call us at ${SITE.phone.display} and we will pass it on.`,
    ],
  })
}

export function deliveredEmail(order: Order, { publicUrl }: EmailLinks): MailMessage {
  const number = orderNumber(order.id)
  return orderEmail(order, publicUrl, {
    subject: `Your ${SITE.name} order ${number} was delivered`,
    intro: [
      `Your order ${number} was delivered to ${order.deliveryAddress}. Please put the cold items in the fridge soon.`,
    ],
    action: 'See your order',
    outro: [
      `Something missing or damaged? Call us at ${SITE.phone.display} or write to ${SITE.email} and we will make it right.`,
    ],
    signOff: 'Enjoy your food,',
  })
}
