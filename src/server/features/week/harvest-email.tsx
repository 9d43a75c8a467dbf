import {
  ORDER_CUTOFF,
  deliveryOfSaturday,
  formatDeliveryDateLong,
} from '#shared/domain/delivery.ts'
import type { HarvestProducer } from '#shared/schemas/week.ts'
import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'
import {
  EMAIL_COLORS,
  EmailLayout,
  LayoutTable,
  MUTED,
  Paragraph,
  SignOff,
} from '../../emails/email-layout.tsx'
import { renderEmail, TEXT } from '../../emails/render-email.ts'

/** a product short at packing: how many, of what */
export interface ShortLine {
  readonly name: string
  readonly quantity: number
}

const cell = { padding: '8px 0', borderBottom: `1px solid ${EMAIL_COLORS.line}` } as const

/** Each product and how many to bring, the count first: "12 × Okra (1 lb)". */
function HarvestLines({ lines }: { lines: HarvestProducer['lines'] }) {
  return (
    <LayoutTable style={{ margin: '20px 0 8px' }}>
      <tr className={TEXT.skip}>
        <td style={{ ...MUTED, paddingBottom: 4, width: 72 }}>Quantity</td>
        <td style={{ ...MUTED, paddingBottom: 4 }}>Product</td>
      </tr>
      {lines.map((line, index) => (
        <tr key={index}>
          <td style={{ ...cell, paddingRight: 12, fontWeight: 'bold', whiteSpace: 'nowrap' }}>
            {line.quantity} ×
          </td>
          <td className={TEXT.afterSpace} style={cell}>
            {line.name}
            {line.unit ? (
              <>
                <br className={TEXT.skip} />
                <span className={TEXT.parenthesized} style={MUTED}>
                  {line.unit}
                </span>
              </>
            ) : null}
          </td>
        </tr>
      ))}
    </LayoutTable>
  )
}

function HarvestEmail({
  producer,
  intro,
  shortNote,
}: {
  producer: HarvestProducer
  intro: readonly string[]
  shortNote: string | null
}) {
  return (
    <EmailLayout>
      <Paragraph>Hello {producer.name},</Paragraph>
      {intro.map((paragraph, index) => (
        <Paragraph key={index}>{paragraph}</Paragraph>
      ))}
      <HarvestLines lines={producer.lines} />
      {shortNote ? <Paragraph muted>{shortNote}</Paragraph> : null}
      <Paragraph>
        Questions? Call us at {SITE.phone.display} or write to {SITE.email}.
      </Paragraph>
      <SignOff line="Thank you," />
    </EmailLayout>
  )
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
  return {
    to: producer.email,
    subject,
    ...renderEmail(<HarvestEmail producer={producer} intro={intro} shortNote={shortNote} />),
  }
}
