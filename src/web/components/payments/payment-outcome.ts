/** How a payment attempt ended, whichever provider took it. */
export type PaymentOutcome =
  | { status: 'succeeded' }
  /** the provider refused it (a declined card): 'Payment Failed' with its message */
  | { status: 'failed'; message: string }
  /** anything else that went wrong: 'Payment Error' */
  | { status: 'error'; message: string }
  /** the bank wants the customer on its own page first */
  | { status: 'redirect'; url: string }

export type ConfirmPayment = () => Promise<PaymentOutcome>
