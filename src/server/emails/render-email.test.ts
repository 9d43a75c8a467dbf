import { createElement, Fragment } from 'react'
import { describe, expect, test } from 'vitest'
import { EmailLayout, Facts, Paragraph } from './email-layout.tsx'
import { renderEmail } from './render-email.ts'

/** The layout every e-mail shares, read in both parts as its reader reads it. */
describe('an e-mail rendered in the shop’s layout', () => {
  const message = (unsubscribeUrl?: string) =>
    renderEmail(
      createElement(EmailLayout, {
        unsubscribeUrl,
        children: createElement(
          Fragment,
          null,
          createElement(Paragraph, null, 'Hi Ana & <Bo>,'),
          createElement(Facts, { facts: [['Total', '$74.19']] }),
        ),
      }),
    )

  test('says the same in both parts: the shop, the message, where the shop is', () => {
    const { html, text } = message()
    for (const part of [html, text]) {
      expect(part).toContain('Houston Farm to Door')
      expect(part).toContain('2410 Commerce Street, Houston, TX 77003')
      expect(part).toContain('(713) 555-0147')
      expect(part).toContain('hello@houstonfarmtodoor.com')
    }
    expect(text).toContain('Hi Ana & <Bo>,')
    expect(text).toContain('Total: $74.19')
    expect(html).toContain('Hi Ana &#38; &#60;Bo&#62;,')
    expect(html).not.toContain('<Bo>')
  })

  test('mail to a list carries its unsubscribe link in both parts; other mail none', () => {
    const url = 'https://shop.example/unsubscribe?token=abc'
    const listMail = message(url)
    expect(listMail.html).toContain(`href="${url}"`)
    expect(listMail.text).toContain(`Unsubscribe: ${url}`)
    const personal = message()
    expect(personal.html).not.toContain('Unsubscribe')
    expect(personal.text).not.toContain('Unsubscribe')
  })
})
