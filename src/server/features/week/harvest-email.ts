import {
  ORDER_CUTOFF,
  deliveryOfSaturday,
  formatDeliveryDateLong,
} from '#shared/domain/delivery.ts'
import type { HarvestProducer } from '#shared/schemas/week.ts'
import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'
import { escapeHtml } from '../orders/index.ts'

const MUTED = 'font-size:13px;color:#5c5a52'

/** a product short at packing: how many, of what */
export interface ShortLine {
  readonly name: string
  readonly quantity: number
}

/**
 * A producer's harvest list for a Saturday (docs/product.md#the-week): every product and how
 * many to bring, in the shop's e-mail look. Before the cut-off (a resend asked early) it says
 * the numbers may still change.
 */
export function harvestEmail(
  producer: HarvestProducer & { email: string },
  {
    saturday,
    provisional,
    shortLastWeek = [],
  }: {
    saturday: string
    provisional: boolean
    /** what of this producer's was short at packing the Saturday before (docs/product.md#refunds) */
    shortLastWeek?: readonly ShortLine[]
  },
): MailMessage {
  const day = formatDeliveryDateLong(deliveryOfSaturday(saturday))
  const subject = `${provisional ? 'Provisional harvest list' : 'Harvest list'} for ${day}: ${producer.name}`
  const intro = [
    `Here is what ${SITE.name} needs from ${producer.name} for the deliveries of ${day}. Please bring it to our Houston kitchen by Friday morning.`,
    provisional
      ? `Orders are still open until ${ORDER_CUTOFF.label}: these numbers may still change, and the final list follows at the cut-off.`
      : 'Orders closed at the cut-off: these are the final numbers.',
  ]
  const shortNote = shortLastWeek.length
    ? `Last Saturday we were short of ${shortLastWeek
        .map((line) => `${line.quantity} × ${line.name}`)
        .join(
          ', ',
        )} from you at packing (out of stock, damaged or not up to quality). Please tell us if any of this week's numbers cannot be met.`
    : null
  const lineText = (line: HarvestProducer['lines'][number]) =>
    `${line.quantity} × ${line.name}${line.unit ? ` (${line.unit})` : ''}`
  const text = [
    `Hello ${producer.name},`,
    '',
    ...intro.flatMap((paragraph) => [paragraph, '']),
    ...producer.lines.map(lineText),
    '',
    ...(shortNote ? [shortNote, ''] : []),
    `Questions? Call us at ${SITE.phone.display} or write to ${SITE.email}.`,
    '',
    'Thank you,',
    `The ${SITE.name} team`,
  ].join('\n')
  const rows = producer.lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 0;border-bottom:1px solid #e6dfcf">${escapeHtml(line.name)}${line.unit ? `<br><span style="${MUTED}">${escapeHtml(line.unit)}</span>` : ''}</td><td align="right" style="padding:6px 0;border-bottom:1px solid #e6dfcf;font-weight:bold">${line.quantity}</td></tr>`,
    )
    .join('')
  const html = `<!doctype html>
<html><body style="margin:0;background:#fbf6ec;font-family:Helvetica,Arial,sans-serif;color:#2b2b28">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#2f5d3a">${escapeHtml(SITE.name)}</p>
<p>Hello ${escapeHtml(producer.name)},</p>
${intro.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:12px">
<tr><th align="left" style="${MUTED}">Product</th><th align="right" style="${MUTED}">Quantity</th></tr>
${rows}</table>
${shortNote ? `<p style="${MUTED}">${escapeHtml(shortNote)}</p>\n` : ''}<p>Questions? Call us at ${escapeHtml(SITE.phone.display)} or write to ${escapeHtml(SITE.email)}.</p>
<p>Thank you,<br>The ${escapeHtml(SITE.name)} team</p>
</td></tr></table></td></tr></table></body></html>`
  return { to: producer.email, subject, text, html }
}
