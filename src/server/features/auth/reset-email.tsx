import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'
import { ActionLink, EmailLayout, Paragraph, SignOff } from '../../emails/email-layout.tsx'
import { renderEmail } from '../../emails/render-email.ts'

function ResetPasswordEmail({ firstName, link }: { firstName: string; link: string }) {
  return (
    <EmailLayout>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>
        Someone (hopefully you) asked to reset the password of your {SITE.name} account. Choose a
        new one below.
      </Paragraph>
      <ActionLink
        href={link}
        label="Choose a new password"
        note="The link works once, for the next hour."
      />
      <Paragraph muted>
        If you did not ask for this, ignore this e-mail: your password stays as it is.
      </Paragraph>
      <SignOff line="See you on Saturday," />
    </EmailLayout>
  )
}

/** The password-reset e-mail: a link that works once, for an hour. */
export function resetPasswordEmail({
  to,
  firstName,
  link,
}: {
  to: string
  firstName: string
  link: string
}): MailMessage {
  return {
    to,
    subject: `Reset your ${SITE.name} password`,
    ...renderEmail(<ResetPasswordEmail firstName={firstName} link={link} />),
  }
}
