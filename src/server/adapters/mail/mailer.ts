/** An e-mail the shop sends: HTML with a plain-text part, in the shop's voice. */
export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
}

/** The mail port: an SMTP server in production, files in DATA_DIR/outbox otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}
