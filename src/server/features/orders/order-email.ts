import { FARMERS_CHOICE, isFarmersChoice } from '#shared/domain/farm-boxes.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { DELIVERY_WINDOW, formatDeliveryDateLong } from '#shared/domain/delivery.ts'
import { decimalToCents, formatDecimalPrice, formatCents } from '#shared/domain/money.ts'
import { lineTotal } from '#shared/domain/pricing.ts'
import type { Order } from '#shared/schemas/order.ts'
import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The order confirmation: items (a box's contents), totals, delivery date and window. */
export function orderConfirmationEmail(order: Order): MailMessage {
  const firstName = order.customerName.split(' ')[0] ?? order.customerName
  const deliveryDay = formatDeliveryDateLong(new Date(order.deliveryDate))
  const number = orderNumber(order.id)
  const lines = order.items.map((item) => {
    const amount = formatCents(lineTotal(decimalToCents(item.productPrice), item.quantity))
    const selections = isFarmersChoice(item)
      ? [FARMERS_CHOICE]
      : (item.customSelections?.map((pick) => `${pick.count} × ${pick.name}`) ?? [])
    return { item, amount, selections }
  })
  const summary: [string, string][] = [
    ['Subtotal', formatDecimalPrice(order.subtotal)],
    ...(decimalToCents(order.discountAmount) > 0
      ? ([
          [
            `Discount${order.promoCode ? ` (${order.promoCode})` : ''}`,
            `−${formatDecimalPrice(order.discountAmount)}`,
          ],
        ] as [string, string][])
      : []),
    [
      'Delivery',
      decimalToCents(order.deliveryFee) === 0 ? 'Free' : formatDecimalPrice(order.deliveryFee),
    ],
    ['Tax', formatDecimalPrice(order.tax)],
    ['Total', formatDecimalPrice(order.total)],
  ]

  const text = [
    `Hi ${firstName},`,
    '',
    `Thank you for your order (${number}). Your local farmers are getting it ready.`,
    '',
    `Delivery: ${deliveryDay}, ${DELIVERY_WINDOW.label}`,
    `To: ${order.deliveryAddress}`,
    '',
    ...lines.flatMap(({ item, amount, selections }) => [
      `${item.quantity} × ${item.productName} (${item.farmSource})  ${amount}`,
      ...selections.map((selection) => `    ${selection}`),
    ]),
    '',
    ...summary.map(([label, value]) => `${label}: ${value}`),
    '',
    'You can see your order and follow its delivery in your account.',
    '',
    'See you on Saturday,',
    `The ${SITE.name} team`,
    `${SITE.phone.display} · ${SITE.email}`,
  ].join('\n')

  const rows = lines
    .map(
      ({ item, amount, selections }) =>
        `<tr><td style="padding:6px 0">${item.quantity} × ${escapeHtml(item.productName)}<br><span style="font-size:13px;color:#5c5a52">${escapeHtml(item.farmSource)}${selections.length ? ` · ${selections.map(escapeHtml).join(', ')}` : ''}</span></td><td align="right" style="padding:6px 0;white-space:nowrap">${amount}</td></tr>`,
    )
    .join('')
  const totals = summary
    .map(
      ([label, value], index) =>
        `<tr><td style="padding:4px 0${index === summary.length - 1 ? ';font-weight:bold' : ''}">${escapeHtml(label)}</td><td align="right" style="padding:4px 0${index === summary.length - 1 ? ';font-weight:bold' : ''}">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const html = `<!doctype html>
<html><body style="margin:0;background:#fbf6ec;font-family:Helvetica,Arial,sans-serif;color:#2b2b28">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#2f5d3a">${escapeHtml(SITE.name)}</p>
<p>Hi ${escapeHtml(firstName)},</p>
<p>Thank you for your order <strong>${number}</strong>. Your local farmers are getting it ready.</p>
<p style="background:#f1ead9;border-radius:8px;padding:12px 16px"><strong>Delivery:</strong> ${escapeHtml(deliveryDay)}, ${escapeHtml(DELIVERY_WINDOW.label)}<br><strong>To:</strong> ${escapeHtml(order.deliveryAddress)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e6dfcf;margin-top:16px">${rows}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e6dfcf;margin-top:8px">${totals}</table>
<p style="font-size:14px;color:#5c5a52">You can see your order and follow its delivery in your account.</p>
<p>See you on Saturday,<br>The ${escapeHtml(SITE.name)} team</p>
</td></tr></table></td></tr></table></body></html>`
  return { to: order.customerEmail, subject: `Your ${SITE.name} order ${number}`, text, html }
}
