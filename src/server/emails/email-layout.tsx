import type { CSSProperties, ReactNode } from 'react'
import { SITE } from '#shared/site-content.ts'
import { TEXT } from './render-email.ts'

/** The one palette of every e-mail: the shop's green on cream, ink and a muted grey. */
export const EMAIL_COLORS = {
  green: '#2f5d3a',
  cream: '#fbf6ec',
  tint: '#f1ead9',
  line: '#e6dfcf',
  ink: '#2b2b28',
  muted: '#5c5a52',
  white: '#ffffff',
} as const

export const MUTED: CSSProperties = { fontSize: 13, lineHeight: '20px', color: EMAIL_COLORS.muted }

/** A table used for layout: no spacing of its own, the whole width it is given. */
export function LayoutTable({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={style}>
      {children}
    </table>
  )
}

const SHOP_ADDRESS = `${SITE.address.street}, ${SITE.address.city}, ${SITE.address.state} ${SITE.address.zip}`

/**
 * Every e-mail the shop sends: its name at the top, the message on a white card, and at the
 * foot where the shop is and how to reach it. Mail sent to a list carries its unsubscribe link.
 */
export function EmailLayout({
  children,
  unsubscribeUrl,
}: {
  children: ReactNode
  unsubscribeUrl?: string
}) {
  return (
    <LayoutTable
      style={{
        background: EMAIL_COLORS.cream,
        fontFamily: 'Helvetica, Arial, sans-serif',
        color: EMAIL_COLORS.ink,
      }}
    >
      <tr>
        <td align="center" style={{ padding: '24px 12px 32px' }}>
          <LayoutTable style={{ maxWidth: 560 }}>
            <tr>
              <td style={{ padding: '0 8px 16px' }}>
                <p
                  style={{
                    margin: 0,
                    fontSize: 22,
                    lineHeight: '28px',
                    fontWeight: 'bold',
                    color: EMAIL_COLORS.green,
                  }}
                >
                  {SITE.name}
                </p>
              </td>
            </tr>
            <tr>
              <td
                style={{
                  background: EMAIL_COLORS.white,
                  border: `1px solid ${EMAIL_COLORS.line}`,
                  borderTop: `4px solid ${EMAIL_COLORS.green}`,
                  borderRadius: 12,
                  padding: '8px 24px 20px',
                  fontSize: 16,
                  lineHeight: '24px',
                  overflowWrap: 'anywhere',
                }}
              >
                {children}
              </td>
            </tr>
            <tr>
              <td align="center" style={{ padding: '20px 8px 0', ...MUTED }}>
                <p style={{ margin: 0 }}>
                  <strong>{SITE.name}</strong>
                  <br />
                  {SHOP_ADDRESS}
                </p>
                <p style={{ margin: 0 }}>
                  {SITE.phone.display} ·{' '}
                  <a href={`mailto:${SITE.email}`} style={{ color: EMAIL_COLORS.green }}>
                    {SITE.email}
                  </a>
                </p>
                {unsubscribeUrl ? (
                  <p style={{ margin: '12px 0 0' }}>
                    You get this e-mail because you joined our mailing list.{' '}
                    <a
                      href={unsubscribeUrl}
                      className={TEXT.labelledLink}
                      style={{ color: EMAIL_COLORS.green }}
                    >
                      Unsubscribe
                    </a>
                  </p>
                ) : null}
              </td>
            </tr>
          </LayoutTable>
        </td>
      </tr>
    </LayoutTable>
  )
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <p style={{ margin: '16px 0', ...(muted ? MUTED : {}) }}>{children}</p>
}

/** [label, value] */
export type Fact = readonly [string, string]

/** The facts that matter to this e-mail, in a tinted box: "Delivery: Saturday, …". */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  if (facts.length === 0) return null
  return (
    <LayoutTable style={{ margin: '16px 0' }}>
      <tr>
        <td style={{ background: EMAIL_COLORS.tint, borderRadius: 8, padding: '12px 16px' }}>
          {facts.map(([label, value], index) => (
            <span key={index}>
              {index > 0 ? <br /> : null}
              <strong>{label}:</strong> {value}
            </span>
          ))}
        </td>
      </tr>
    </LayoutTable>
  )
}

/**
 * The e-mail's one call to action, a button; under it the link itself for mail programs that
 * show no button. The plain text reads "label: link" once.
 */
export function ActionLink({
  href,
  label,
  note,
}: {
  href: string
  label: string
  /** said before the link itself, e.g. how long it works */
  note?: string
}) {
  return (
    <>
      <p style={{ margin: '28px 0 24px' }}>
        <a
          href={href}
          className={TEXT.labelledLink}
          style={{
            display: 'inline-block',
            background: EMAIL_COLORS.green,
            color: EMAIL_COLORS.white,
            padding: '12px 20px',
            borderRadius: 8,
            textDecoration: 'none',
            fontWeight: 'bold',
          }}
        >
          {label}
        </a>
      </p>
      {note ? <Paragraph muted>{note}</Paragraph> : null}
      <p className={TEXT.skip} style={{ margin: '16px 0', ...MUTED }}>
        Or paste this link into your browser:
        <br />
        <a href={href} style={{ color: EMAIL_COLORS.green, wordBreak: 'break-all' }}>
          {href}
        </a>
      </p>
    </>
  )
}

/** "See you on Saturday," and the team's name. */
export function SignOff({ line }: { line?: string }) {
  return (
    <p style={{ margin: '24px 0 8px' }}>
      {line ? (
        <>
          {line}
          <br />
        </>
      ) : null}
      The {SITE.name} team
    </p>
  )
}
