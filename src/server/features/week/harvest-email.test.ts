import { describe, expect, test } from 'vitest'
import { harvestEmail } from './harvest-email.tsx'

const producer = {
  slug: 'fields-and-co',
  name: 'Fields <& Co>',
  email: 'fields@example.com',
  lastSentAt: null,
  lines: [{ productId: null, name: 'Okra "fresh"', unit: '1 lb', quantity: 12 }],
}

describe('the harvest e-mail (docs/product.md#the-week)', () => {
  test('says the same in both parts, and escapes what people typed in the HTML', () => {
    const mail = harvestEmail(producer, { saturday: '2026-11-28', provisional: false })
    expect(mail.to).toBe('fields@example.com')
    expect(mail.subject).toBe('Harvest list for Saturday, November 28, 2026: Fields <& Co>')
    expect(mail.text).toContain('12 × Okra "fresh" (1 lb)')
    expect(mail.text).toContain('these are the final numbers')
    expect(mail.html).toContain('Fields &#60;&#38; Co&#62;')
    expect(mail.html).toContain('Okra &#34;fresh&#34;')
    expect(mail.html).not.toContain('<& Co>')
  })

  test('before the cut-off it is provisional', () => {
    const mail = harvestEmail(producer, { saturday: '2026-11-28', provisional: true })
    expect(mail.subject).toMatch(/^Provisional harvest list/)
    expect(mail.text).toContain('these numbers may still change')
  })
})
