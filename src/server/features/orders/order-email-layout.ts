import { DELIVERY_WINDOW, formatDeliveryDateLong } from '#shared/domain/delivery.ts'
import { FARMERS_CHOICE, isFarmersChoice } from '#shared/domain/farm-boxes.ts'
import { decimalToCents, formatCents, formatDecimalPrice } from '#shared/domain/money.ts'
import { lineTotal, taxRateLabel } from '#shared/domain/pricing.ts'
import { shortNote } from '#shared/domain/shortfalls.ts'
import type { Order } from '#shared/schemas/order.ts'
import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'

/**
 * The one shape of every e-mail about an order (docs/product.md#order-emails): the shop's name,
 * a greeting, what happened, the order's facts, items and totals when they matter, and a link
 * to the order's page. Plain text and HTML say the same; every piece of text is escaped in the
 * HTML part, since names, addresses, instructions and reasons are typed by people.
 */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The order's own page, where its customer reads, changes, cancels or pays for it. */
export const orderLink = (publicUrl: string, order: Pick<Order, 'id'>) =>
  `${publicUrl.replace(/\/+$/, '')}/orders/${order.id}`

/** [label, value] */
export type Fact = readonly [string, string]

/** Where links in e-mails point: the shop's PUBLIC_URL. */
export interface EmailLinks {
  readonly publicUrl: string
}

export const deliveryDayOf = (order: Order) => formatDeliveryDateLong(new Date(order.deliveryDate))

/** The delivery day and window, the address and the customer's instructions. */
export function deliveryFacts(order: Order): Fact[] {
  return [
    ['Delivery', `${deliveryDayOf(order)}, ${DELIVERY_WINDOW.label}`],
    ['To', order.deliveryAddress],
    ...(order.specialInstructions ? [['Instructions', order.specialInstructions] as const] : []),
  ]
}

export interface OrderEmailContent {
  readonly subject: string
  /** what happened, one paragraph each */
  readonly intro: readonly string[]
  /** the facts that matter to this e-mail, in a highlighted box */
  readonly facts?: readonly Fact[]
  /** the order's lines (a box's contents) and its money lines */
  readonly showItems?: boolean
  /** the words of the link to the order: "See your order", "Pay for your order" */
  readonly action: string
  /** after the link: what to do next, how to reach the shop */
  readonly outro?: readonly string[]
  /** the line before the team's name */
  readonly signOff?: string
}

const firstNameOf = (order: Order) => order.customerName.split(' ')[0] || order.customerName

function itemLinesOf(order: Order) {
  return order.items.map((item) => {
    const amount = formatCents(lineTotal(decimalToCents(item.productPrice), item.quantity))
    const short = shortNote(item)
    const selections = [
      ...(isFarmersChoice(item)
        ? [FARMERS_CHOICE]
        : (item.customSelections?.map((pick) => `${pick.count} × ${pick.name}`) ?? [])),
      // an item short at packing (docs/product.md#refunds)
      ...(short ? [short] : []),
    ]
    return { item, amount, selections }
  })
}

/** Subtotal, discount, delivery, tax and total, as the order page shows them. */
export function totalsOf(order: Order): Fact[] {
  const discount = decimalToCents(order.discountAmount)
  return [
    ['Subtotal', formatDecimalPrice(order.subtotal)],
    ...(discount > 0
      ? [
          [
            `Discount${order.promoCode ? ` (${order.promoCode})` : ''}`,
            `−${formatCents(discount)}`,
          ] as const,
        ]
      : []),
    [
      'Delivery',
      decimalToCents(order.deliveryFee) === 0 ? 'Free' : formatDecimalPrice(order.deliveryFee),
    ],
    [`Tax (${taxRateLabel()})`, formatDecimalPrice(order.tax)],
    ['Total', formatDecimalPrice(order.total)],
    // the receipt's split (docs/product.md#tax)
    ['Taxable sales', formatDecimalPrice(order.taxableSales)],
    ['Exempt sales (food for home)', formatDecimalPrice(order.exemptSales)],
  ]
}

function textPart(order: Order, link: string | null, content: OrderEmailContent): string {
  const items = content.showItems
    ? [
        ...itemLinesOf(order).flatMap(({ item, amount, selections }) => [
          `${item.quantity} × ${item.productName}${item.taxable ? ' [Taxable]' : ''} (${item.farmSource})  ${amount}`,
          ...selections.map((selection) => `    ${selection}`),
        ]),
        '',
        ...totalsOf(order).map(([label, value]) => `${label}: ${value}`),
        '',
      ]
    : []
  const facts = content.facts?.length
    ? [...content.facts.map(([label, value]) => `${label}: ${value}`), '']
    : []
  return [
    `Hi ${firstNameOf(order)},`,
    '',
    ...content.intro.flatMap((paragraph) => [paragraph, '']),
    ...facts,
    ...items,
    ...(link ? [`${content.action}: ${link}`, ''] : []),
    ...(content.outro ?? []).flatMap((paragraph) => [paragraph, '']),
    content.signOff ?? 'Thank you,',
    `The ${SITE.name} team`,
    `${SITE.phone.display} · ${SITE.email}`,
  ].join('\n')
}

const MUTED = 'font-size:13px;color:#5c5a52'

function htmlTable(rows: string): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e6dfcf;margin-top:12px">${rows}</table>`
}

function htmlItems(order: Order): string {
  const rows = itemLinesOf(order)
    .map(
      ({ item, amount, selections }) =>
        `<tr><td style="padding:6px 0">${item.quantity} × ${escapeHtml(item.productName)}${item.taxable ? ` <span style="${MUTED}">· Taxable</span>` : ''}<br><span style="${MUTED}">${escapeHtml(item.farmSource)}${selections.length ? ` · ${selections.map(escapeHtml).join(', ')}` : ''}</span></td><td align="right" style="padding:6px 0;white-space:nowrap">${escapeHtml(amount)}</td></tr>`,
    )
    .join('')
  const totals = totalsOf(order)
  const totalRows = totals
    .map(([label, value], index) => {
      const style = `padding:4px 0${label === 'Total' ? ';font-weight:bold' : index > totals.length - 3 ? `;${MUTED}` : ''}`
      return `<tr><td style="${style}">${escapeHtml(label)}</td><td align="right" style="${style}">${escapeHtml(value)}</td></tr>`
    })
    .join('')
  return `${htmlTable(rows)}${htmlTable(totalRows)}`
}

function htmlPart(order: Order, link: string | null, content: OrderEmailContent): string {
  const paragraphs = (list: readonly string[] | undefined) =>
    (list ?? []).map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')
  const facts = content.facts?.length
    ? `<p style="background:#f1ead9;border-radius:8px;padding:12px 16px">${content.facts
        .map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`)
        .join('<br>')}</p>`
    : ''
  const href = link === null ? null : escapeHtml(link)
  const action = href
    ? `<p style="margin:28px 0"><a href="${href}" style="background:#2f5d3a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(content.action)}</a></p>
<p style="${MUTED}">Or paste this link into your browser:<br><a href="${href}" style="color:#2f5d3a;word-break:break-all">${href}</a></p>`
    : ''
  return `<!doctype html>
<html><body style="margin:0;background:#fbf6ec;font-family:Helvetica,Arial,sans-serif;color:#2b2b28">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#2f5d3a">${escapeHtml(SITE.name)}</p>
<p>Hi ${escapeHtml(firstNameOf(order))},</p>
${paragraphs(content.intro)}
${facts}
${content.showItems ? htmlItems(order) : ''}
${action}
${paragraphs(content.outro)}
<p>${escapeHtml(content.signOff ?? 'Thank you,')}<br>The ${escapeHtml(SITE.name)} team</p>
<p style="${MUTED}">${escapeHtml(SITE.phone.display)} · ${escapeHtml(SITE.email)}</p>
</td></tr></table></td></tr></table></body></html>`
}

/**
 * An e-mail to the order's customer, in both parts, linking to the order's page (the shop's
 * PUBLIC_URL origin; without it, no link).
 */
export function orderEmail(
  order: Order,
  publicUrl: string | undefined,
  content: OrderEmailContent,
): MailMessage {
  const link = publicUrl === undefined ? null : orderLink(publicUrl, order)
  return {
    to: order.customerEmail,
    subject: content.subject,
    text: textPart(order, link, content),
    html: htmlPart(order, link, content),
  }
}
