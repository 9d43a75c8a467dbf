/** How a payment attempt ended, whichever provider took it. */
export type PaymentOutcome =
  /**
   * the card is good for the order: authorised (requires_capture, captured at the cut-off,
   * docs/product.md#order-payments) or taken at once; the order is placed either way
   */
  | { status: 'succeeded' }
  /** the provider refused it (a declined card): 'Payment Failed' with its message */
  | { status: 'failed'; message: string }
  /** anything else that went wrong: 'Payment Error' */
  | { status: 'error'; message: string }
  /** the bank wants the customer on its own page first */
  | { status: 'redirect'; url: string }

export type ConfirmPayment = () => Promise<PaymentOutcome>

/** What Stripe's form confirms: a payment, or a card kept without one (a setup). */
export type StripeIntent = 'payment' | 'setup'
