import {
  INVITATION_LIFETIME_HOURS,
  STAFF_ROLE_LABELS,
  type StaffRole,
} from '#shared/schemas/staff.ts'
import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const WHAT_THE_ROLE_DOES: Record<StaffRole, string> = {
  admin: 'As an admin you run the shop: orders, products, producers, the week and its staff.',
  driver: 'As a driver you see your Saturday routes on your phone and mark each stop delivered.',
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
  const roleName = STAFF_ROLE_LABELS[role].toLowerCase()
  const text = [
    'Hello,',
    '',
    `You are invited to join ${SITE.name} as ${roleName === 'admin' ? 'an' : 'a'} ${roleName}.`,
    WHAT_THE_ROLE_DOES[role],
    '',
    `Accept here. The link works once, for the next ${INVITATION_LIFETIME_HOURS} hours:`,
    '',
    link,
    '',
    'If you did not expect this, ignore this e-mail: nothing changes.',
    '',
    `The ${SITE.name} team`,
    `${SITE.phone.display} · ${SITE.email}`,
  ].join('\n')
  const html = `<!doctype html>
<html><body style="margin:0;background:#fbf6ec;font-family:Helvetica,Arial,sans-serif;color:#2b2b28">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#2f5d3a">${escapeHtml(SITE.name)}</p>
<p>Hello,</p>
<p>You are invited to join ${escapeHtml(SITE.name)} as ${roleName === 'admin' ? 'an' : 'a'} ${escapeHtml(roleName)}. ${escapeHtml(WHAT_THE_ROLE_DOES[role])}</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#2f5d3a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Accept the invitation</a></p>
<p style="font-size:14px;color:#5c5a52">The link works once, for the next ${INVITATION_LIFETIME_HOURS} hours. Or paste it into your browser:<br><a href="${escapeHtml(link)}" style="color:#2f5d3a;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#5c5a52">If you did not expect this, ignore this e-mail: nothing changes.</p>
<p>The ${escapeHtml(SITE.name)} team</p>
</td></tr></table></td></tr></table></body></html>`
  return { to, subject: `You are invited to join ${SITE.name}`, text, html }
}
