import { DELIVERY_WINDOW, formatDeliveryDateLong } from '#shared/domain/delivery.ts'
import { FARMERS_CHOICE, isFarmersChoice } from '#shared/domain/farm-boxes.ts'
import { decimalToCents, formatCents, formatDecimalPrice } from '#shared/domain/money.ts'
import { lineTotal, taxRateLabel } from '#shared/domain/pricing.ts'
import { shortNote } from '#shared/domain/shortfalls.ts'
import type { Order } from '#shared/schemas/order.ts'
import { Fragment, type CSSProperties } from 'react'
import type { MailMessage } from '../../adapters/mail/index.ts'
import {
  ActionLink,
  EMAIL_COLORS,
  EmailLayout,
  Facts,
  LayoutTable,
  MUTED,
  Paragraph,
  SignOff,
  type Fact,
} from '../../emails/email-layout.tsx'
import { renderEmail, TEXT } from '../../emails/render-email.ts'

/**
 * The one template of every e-mail about an order (docs/product.md#order-emails), inside the
 * shop's e-mail layout: a greeting, what happened, the order's facts, items and totals when they
 * matter, and a link to the order's page. Names, addresses, instructions and reasons are typed
 * by people: React escapes them in the HTML, and the plain text is read from that HTML.
 */

/** The order's own page, where its customer reads, changes, cancels or pays for it. */
export const orderLink = (publicUrl: string, order: Pick<Order, 'id'>) =>
  `${publicUrl.replace(/\/+$/, '')}/orders/${order.id}`

export type { Fact } from '../../emails/email-layout.tsx'

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

const lineCell = { padding: '10px 0', verticalAlign: 'top' } as const
const lastRowOfLine = { borderBottom: `1px solid ${EMAIL_COLORS.line}` } as const

function ItemLines({ order }: { order: Order }) {
  return (
    <LayoutTable style={{ margin: '20px 0 0', borderTop: `1px solid ${EMAIL_COLORS.line}` }}>
      {itemLinesOf(order).map(({ item, amount, selections }) => {
        const last = selections.length === 0 ? lastRowOfLine : {}
        return (
          <Fragment key={item.id}>
            <tr>
              <td style={{ ...lineCell, ...last, paddingBottom: selections.length ? 2 : 10 }}>
                {item.quantity} × {item.productName}
                {item.taxable ? (
                  <span
                    className={TEXT.bracketed}
                    style={{
                      ...MUTED,
                      fontSize: 12,
                      marginLeft: 6,
                      padding: '1px 6px',
                      border: `1px solid ${EMAIL_COLORS.line}`,
                      borderRadius: 4,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    Taxable
                  </span>
                ) : null}
                <br className={TEXT.skip} />
                <span className={TEXT.parenthesized} style={MUTED}>
                  {item.farmSource}
                </span>
              </td>
              <td
                align="right"
                className={TEXT.afterGap}
                style={{ ...lineCell, ...last, paddingLeft: 12, whiteSpace: 'nowrap' }}
              >
                {amount}
              </td>
            </tr>
            {selections.length ? (
              <tr>
                <td colSpan={2} style={{ padding: '0 0 10px 16px', ...MUTED, ...lastRowOfLine }}>
                  {selections.map((selection, index) => (
                    <span key={index} className={TEXT.indented}>
                      {index > 0 ? <br className={TEXT.skip} /> : null}
                      {selection}
                    </span>
                  ))}
                </td>
              </tr>
            ) : null}
          </Fragment>
        )
      })}
    </LayoutTable>
  )
}

function Totals({ order }: { order: Order }) {
  const totals = totalsOf(order)
  return (
    <LayoutTable style={{ margin: '8px 0 4px' }}>
      {totals.map(([label, value], index) => {
        const style: CSSProperties =
          label === 'Total'
            ? {
                padding: '8px 0 6px',
                fontWeight: 'bold',
                fontSize: 18,
                borderTop: `1px solid ${EMAIL_COLORS.line}`,
              }
            : index > totals.length - 3
              ? { padding: '2px 0', ...MUTED }
              : { padding: '3px 0' }
        return (
          <tr key={label}>
            <td style={style}>{label}</td>
            <td
              align="right"
              className={TEXT.afterLabel}
              style={{ ...style, paddingLeft: 12, whiteSpace: 'nowrap' }}
            >
              {value}
            </td>
          </tr>
        )
      })}
    </LayoutTable>
  )
}

function OrderEmail({
  order,
  link,
  content,
}: {
  order: Order
  link: string | null
  content: OrderEmailContent
}) {
  return (
    <EmailLayout>
      <Paragraph>Hi {firstNameOf(order)},</Paragraph>
      {content.intro.map((paragraph, index) => (
        <Paragraph key={index}>{paragraph}</Paragraph>
      ))}
      <Facts facts={content.facts ?? []} />
      {content.showItems ? (
        <>
          <ItemLines order={order} />
          <Totals order={order} />
        </>
      ) : null}
      {link ? <ActionLink href={link} label={content.action} /> : null}
      {(content.outro ?? []).map((paragraph, index) => (
        <Paragraph key={index}>{paragraph}</Paragraph>
      ))}
      <SignOff line={content.signOff ?? 'Thank you,'} />
    </EmailLayout>
  )
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
    ...renderEmail(<OrderEmail order={order} link={link} content={content} />),
  }
}
