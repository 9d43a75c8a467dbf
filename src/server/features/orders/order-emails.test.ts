import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { MailMessage } from '#server/adapters/mail/index.ts'
import { OrderSchema, type Order } from '#shared/schemas/order.ts'
import {
  deliveredEmail,
  orderCancelledEmail,
  orderChangedEmail,
  orderConfirmationEmail,
  outForDeliveryEmail,
  paymentCapturedEmail,
  paymentFailedEmail,
  refundEmail,
} from './index.ts'

/** Every e-mail of an order's life, read as its customer reads it: both parts, and the link. */

const PUBLIC_URL = 'https://shop.example'
const ORDER_ID = '1a2b3c4d-0000-4000-8000-000000000001'
const LINK = `${PUBLIC_URL}/orders/${ORDER_ID}`
const NUMBER = '#1A2B3C4D'

/** An order as the API answers it (checked against the wire schema): $74.19, delivered Nov 28. */
function makeOrderView(changes: Partial<Order> = {}): Order {
  return OrderSchema.parse({
    id: ORDER_ID,
    customerName: 'Maria Gonzalez',
    customerEmail: 'maria@example.com',
    customerPhone: '7135550199',
    deliveryAddress: '1200 Heights Blvd, Apt 4, Houston, TX 77008',
    deliveryDate: '2026-11-28T11:00:00.000Z',
    subtotal: '63.00',
    discountAmount: '0.00',
    promoCode: null,
    deliveryFee: '5.99',
    // sold before food was exempt: every line taxed (docs/product.md#tax)
    tax: '5.20',
    taxableSales: '68.99',
    exemptSales: '0.00',
    total: '74.19',
    specialInstructions: 'Gate code 1234, leave by the back door',
    status: 'confirmed',
    deliveryStatus: 'order_placed',
    paymentIntentId: 'pi_test_123456',
    createdAt: '2026-11-23T15:00:00.000Z',
    updatedAt: '2026-11-23T15:00:00.000Z',
    items: [
      {
        id: '1a2b3c4d-0000-4000-8000-000000000011',
        orderId: ORDER_ID,
        productId: '1a2b3c4d-0000-4000-8000-000000000021',
        productName: 'Heirloom Tomatoes',
        productPrice: '4.50',
        quantity: 4,
        farmSource: 'Gundermann Acres',
        imageUrl: null,
        customSelections: null,
        taxable: true,
        shortQuantity: 0,
        shortAmount: '0.00',
        shortRefunded: false,
      },
      {
        id: '1a2b3c4d-0000-4000-8000-000000000012',
        orderId: ORDER_ID,
        productId: '1a2b3c4d-0000-4000-8000-000000000022',
        productName: 'Garden Veggie Box',
        productPrice: '45.00',
        quantity: 1,
        farmSource: 'Atkinson Farms',
        imageUrl: null,
        customSelections: [
          { id: '1a2b3c4d-0000-4000-8000-000000000031', name: 'Okra', count: 4 },
          { id: '1a2b3c4d-0000-4000-8000-000000000032', name: 'Kale', count: 3 },
        ],
        taxable: true,
        shortQuantity: 0,
        shortAmount: '0.00',
        shortRefunded: false,
      },
    ],
    paymentStatus: 'authorized',
    authorizedAmount: '74.19',
    capturedAmount: '0.00',
    refundedAmount: '0.00',
    editableUntil: '2026-11-26T02:00:00.000Z',
    editable: true,
    payAgainUntil: null,
    version: 1,
    history: [],
    refunds: [],
    ...changes,
  })
}

const links = { publicUrl: PUBLIC_URL }
const captured = { paymentStatus: 'captured', capturedAmount: '74.19' } as const

/** Each e-mail of the order's life with the amounts it must show. */
const EMAILS: { name: string; make: (order: Order) => MailMessage; amounts: string[] }[] = [
  {
    name: 'order confirmed',
    make: (order) => orderConfirmationEmail(order, links),
    amounts: ['Total: $74.19', '$18.00', '$45.00'],
  },
  {
    name: 'order changed',
    make: (order) =>
      orderChangedEmail(order, { ...links, oldTotal: 7094, summary: 'Added Heirloom Tomatoes' }),
    amounts: ['Total before: $70.94', 'New total: $74.19'],
  },
  {
    name: 'order cancelled',
    make: (order) =>
      orderCancelledEmail(
        { ...order, status: 'cancelled', paymentStatus: 'voided' },
        {
          ...links,
          by: 'customer',
          money: { kind: 'hold_released', amount: 7419 },
        },
      ),
    amounts: ['the hold of $74.19'],
  },
  {
    name: 'payment captured',
    make: (order) => paymentCapturedEmail({ ...order, ...captured }, links),
    amounts: ['Charged to your card: $74.19', 'Total: $74.19'],
  },
  {
    name: 'payment failed',
    make: (order) =>
      paymentFailedEmail(
        { ...order, paymentStatus: 'payment_failed' },
        { ...links, payUntil: new Date('2026-11-27T18:00:00.000Z') },
      ),
    amounts: ['Amount to pay: $74.19'],
  },
  {
    name: 'refund',
    make: (order) =>
      refundEmail(
        { ...order, ...captured, paymentStatus: 'partially_refunded', refundedAmount: '5.00' },
        { ...links, amount: 500, reason: 'Two tomatoes were bruised' },
      ),
    amounts: ['Refund: $5.00', 'Charged: $74.19'],
  },
  {
    name: 'out for delivery',
    make: (order) => outForDeliveryEmail({ ...order, ...captured }, links),
    amounts: [],
  },
  {
    name: 'delivered',
    make: (order) => deliveredEmail({ ...order, ...captured }, links),
    amounts: [],
  },
]

describe.each(EMAILS)('the "$name" e-mail', ({ make, amounts }) => {
  const mail = make(makeOrderView())

  test('goes to the customer with the shop and the order number in the subject', () => {
    expect(mail.to).toBe('maria@example.com')
    expect(mail.subject).toContain('Houston Farm to Door')
    expect(mail.subject).toContain(NUMBER)
  })

  test('says the same in plain text and HTML: the shop, the number, the link to the order', () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Houston Farm to Door')
      expect(part).toContain(NUMBER)
      expect(part).toContain(LINK)
      expect(part).toContain('Maria')
    }
    expect(mail.html).toContain(`href="${LINK}"`)
    expect(mail.text).not.toMatch(/<[a-z]/i)
  })

  test('shows the right amounts', () => {
    for (const amount of amounts) {
      expect(mail.text).toContain(amount)
      const [label, value] = amount.split(': ')
      for (const piece of value === undefined ? [amount] : [label, value]) {
        expect(mail.html).toContain(piece)
      }
    }
  })

  test('escapes what people typed in the HTML part', () => {
    const script = '<script>alert(1)</script>'
    const hostile = make(
      makeOrderView({
        customerName: `${script} Gonzalez`,
        deliveryAddress: `1200 Heights Blvd ${script}, Houston, TX 77008`,
        specialInstructions: `Gate ${script}`,
      }),
    )
    expect(hostile.html).not.toContain('<script')
    expect(hostile.html).toContain('&#60;script&#62;')
    // the plain-text part is not HTML: it keeps the words as typed
    expect(hostile.text).toContain(script)
  })
})

describe('what each e-mail says', () => {
  test('the confirmation lists the items, a box’s contents, the delivery and the deadline', () => {
    const mail = orderConfirmationEmail(makeOrderView(), links)
    expect(mail.text).toContain('4 × Heirloom Tomatoes [Taxable] (Gundermann Acres)  $18.00')
    expect(mail.text).toContain('    4 × Okra')
    expect(mail.text).toContain('Delivery: Saturday, November 28, 2026, 5:00 AM – 5:00 PM')
    expect(mail.text).toContain('Instructions: Gate code 1234, leave by the back door')
    expect(mail.text).toContain('until Wednesday, Nov 25 at 8:00 PM')
    expect(mail.text).toContain(`See or change your order: ${LINK}`)
  })

  test('the receipt marks taxable lines and splits taxable and exempt sales', () => {
    const order = makeOrderView()
    const mixed = makeOrderView({
      // the box is food, exempt; 18.00 of 63.00 taxed with its share of the fee
      tax: '1.63',
      taxableSales: '19.71',
      exemptSales: '49.28',
      total: '70.62',
      items: order.items.map((item) =>
        item.productName === 'Garden Veggie Box' ? { ...item, taxable: false } : item,
      ),
    })
    const mail = orderConfirmationEmail(mixed, links)
    expect(mail.text).toContain('4 × Heirloom Tomatoes [Taxable] (Gundermann Acres)')
    expect(mail.text).toContain('1 × Garden Veggie Box (Atkinson Farms)')
    expect(mail.text).toContain('Tax (8.25%): $1.63')
    expect(mail.text).toContain('Taxable sales: $19.71')
    expect(mail.text).toContain('Exempt sales (food for home): $49.28')
    expect(mail.html).toContain('Exempt sales (food for home)')
  })

  test('the confirmation without the shop’s address still confirms, with no link', () => {
    const mail = orderConfirmationEmail(makeOrderView())
    expect(mail.text).toContain('Total: $74.19')
    expect(mail.text).not.toContain('/orders/')
    expect(mail.html).not.toContain('/orders/')
  })

  test('a discount shows with its code', () => {
    const mail = orderConfirmationEmail(
      makeOrderView({ discountAmount: '6.30', promoCode: 'WELCOME10', total: '67.89' }),
      links,
    )
    expect(mail.text).toContain('Discount (WELCOME10): −$6.30')
    expect(mail.text).toContain('Total: $67.89')
  })

  test('the change says what changed', () => {
    const mail = orderChangedEmail(makeOrderView(), {
      ...links,
      oldTotal: 7094,
      summary: 'Changed Heirloom Tomatoes from 3 to 4',
    })
    expect(mail.text).toContain(`Your order ${NUMBER} was changed: Changed Heirloom Tomatoes`)
  })

  test('a cancellation by the staff after the charge says what is being refunded', () => {
    const mail = orderCancelledEmail(
      makeOrderView({
        status: 'cancelled',
        paymentStatus: 'captured',
        capturedAmount: '74.19',
        refundedAmount: '0.00',
      }),
      { ...links, by: 'staff', money: { kind: 'refunding', amount: 7419 } },
    )
    expect(mail.text).toContain(`We had to cancel your order ${NUMBER}`)
    expect(mail.text).toContain('We are refunding $74.19 to your card')
    expect(mail.text).not.toContain('hold')
  })

  test('a cancellation by the customer before the charge releases the hold', () => {
    const mail = orderCancelledEmail(makeOrderView({ paymentStatus: 'voided' }), {
      ...links,
      by: 'customer',
      money: { kind: 'hold_released', amount: 7419 },
    })
    expect(mail.text).toContain(`your order ${NUMBER} for Saturday, November 28, 2026 is cancelled`)
    expect(mail.text).toContain('Your card was not charged')
  })

  test('the receipt lists the items and the final total', () => {
    const mail = paymentCapturedEmail(
      makeOrderView({ ...captured, total: '69.69', capturedAmount: '69.69', subtotal: '58.50' }),
      links,
    )
    expect(mail.subject).toBe(`Your receipt for Houston Farm to Door order ${NUMBER}`)
    expect(mail.text).toContain('We charged $69.69 to your card')
    expect(mail.text).toContain('Total: $69.69')
    expect(mail.text).toContain('Heirloom Tomatoes')
  })

  test('a failed payment links to paying again and says until when (Houston time)', () => {
    const mail = paymentFailedEmail(makeOrderView({ paymentStatus: 'payment_failed' }), {
      ...links,
      payUntil: new Date('2026-11-27T18:00:00.000Z'),
    })
    expect(mail.subject).toMatch(/^Action needed/)
    expect(mail.text).toContain('by Friday, Nov 27 at 12:00 PM')
    expect(mail.text).toContain(`Pay for your order: ${LINK}`)
    expect(mail.html).toContain('Pay for your order</a>')
  })

  test('a refund gives its reason, escaped in HTML, and the total refunded so far', () => {
    const mail = refundEmail(
      makeOrderView({ ...captured, paymentStatus: 'partially_refunded', refundedAmount: '8.00' }),
      { ...links, amount: 300, reason: 'Eggs <broken> & "cracked"' },
    )
    expect(mail.subject).toBe(`A refund of $3.00 for your Houston Farm to Door order ${NUMBER}`)
    expect(mail.text).toContain('Reason: Eggs <broken> & "cracked"')
    expect(mail.text).toContain('Refunded in all: $8.00')
    expect(mail.html).toContain('Eggs &#60;broken&#62; &#38; &#34;cracked&#34;')
  })

  test('delivery day: on its way with the window and instructions, then delivered', () => {
    const onItsWay = outForDeliveryEmail(makeOrderView(captured), links)
    expect(onItsWay.text).toContain('between 5:00 AM – 5:00 PM')
    expect(onItsWay.text).toContain('Instructions: Gate code 1234')
    const delivered = deliveredEmail(makeOrderView(captured), links)
    expect(delivered.subject).toBe(`Your Houston Farm to Door order ${NUMBER} was delivered`)
    expect(delivered.text).toContain('was delivered to 1200 Heights Blvd, Apt 4')
  })
})

test('no text a customer types can open a tag in any e-mail’s HTML', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", 'a', ' ', '/') }),
      (typed) => {
        const order = makeOrderView({
          customerName: `Ana ${typed}`,
          deliveryAddress: `1 Main St ${typed}`,
          specialInstructions: typed || null,
        })
        for (const { make } of EMAILS) {
          const { html } = make(order)
          // every tag in the e-mail is one the layout wrote
          for (const tag of html.match(/<\/?[a-z][^>]*>/gi) ?? []) {
            expect(tag).toMatch(/^<\/?(html|body|table|tr|td|p|a|br|strong|span)\b/)
          }
        }
      },
    ),
    { numRuns: 50 },
  )
})
