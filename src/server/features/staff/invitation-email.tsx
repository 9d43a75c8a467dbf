import {
  INVITATION_LIFETIME_HOURS,
  STAFF_ROLE_LABELS,
  type StaffRole,
} from '#shared/schemas/staff.ts'
import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'
import { ActionLink, EmailLayout, Paragraph, SignOff } from '../../emails/email-layout.tsx'
import { renderEmail } from '../../emails/render-email.ts'

const WHAT_THE_ROLE_DOES: Record<StaffRole, string> = {
  admin: 'As an admin you run the shop: orders, products, producers, the week and its staff.',
  driver: 'As a driver you see your Saturday routes on your phone and mark each stop delivered.',
}

function StaffInvitationEmail({ role, link }: { role: StaffRole; link: string }) {
  const roleName = STAFF_ROLE_LABELS[role].toLowerCase()
  return (
    <EmailLayout>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        You are invited to join {SITE.name} as {roleName === 'admin' ? 'an' : 'a'} {roleName}.{' '}
        {WHAT_THE_ROLE_DOES[role]}
      </Paragraph>
      <ActionLink
        href={link}
        label="Accept the invitation"
        note={`The link works once, for the next ${INVITATION_LIFETIME_HOURS} hours.`}
      />
      <Paragraph muted>If you did not expect this, ignore this e-mail: nothing changes.</Paragraph>
      <SignOff />
    </EmailLayout>
  )
}

/** The invitation to join the staff: a link that works once, for 48 hours. */
export function staffInvitationEmail({
  to,
  role,
  link,
}: {
  to: string
  role: StaffRole
  link: string
}): MailMessage {
  return {
    to,
    subject: `You are invited to join ${SITE.name}`,
    ...renderEmail(<StaffInvitationEmail role={role} link={link} />),
  }
}
