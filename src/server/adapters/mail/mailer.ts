/** An e-mail the shop sends: HTML with a plain-text part, in the shop's voice. */
export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
  /**
   * The Message-ID header, "<id@domain>". Set by a sender that may send the same message again
   * (the e-mail outbox after a crash), so the copies are recognisable as one message; without
   * it the transport makes a new one for each send.
   */
  readonly messageId?: string
}

/** The mail port: an SMTP server in production, files in DATA_DIR/outbox otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}
