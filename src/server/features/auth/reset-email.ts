import { SITE } from '#shared/site-content.ts'
import type { MailMessage } from '../../adapters/mail/index.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

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
  const text = [
    `Hi ${firstName},`,
    '',
    `Someone (hopefully you) asked to reset the password of your ${SITE.name} account.`,
    'Choose a new one here. The link works once, for the next hour:',
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    `See you on Saturday,`,
    `The ${SITE.name} team`,
    `${SITE.phone.display} · ${SITE.email}`,
  ].join('\n')
  const html = `<!doctype html>
<html><body style="margin:0;background:#fbf6ec;font-family:Helvetica,Arial,sans-serif;color:#2b2b28">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#2f5d3a">${escapeHtml(SITE.name)}</p>
<p>Hi ${escapeHtml(firstName)},</p>
<p>Someone (hopefully you) asked to reset the password of your account. Choose a new one below. The link works once, for the next hour.</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#2f5d3a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Choose a new password</a></p>
<p style="font-size:14px;color:#5c5a52">Or paste this link into your browser:<br><a href="${escapeHtml(link)}" style="color:#2f5d3a;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#5c5a52">If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
<p>See you on Saturday,<br>The ${escapeHtml(SITE.name)} team</p>
</td></tr></table></td></tr></table></body></html>`
  return { to, subject: `Reset your ${SITE.name} password`, text, html }
}
