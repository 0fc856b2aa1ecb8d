import { COMPANY } from '../../db/seed-data/company';
import type { EmailMessage } from '../../adapters/email/port';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (lines: string[], link: { href: string; label: string }) =>
  `<div style="font:16px/1.5 system-ui,sans-serif;color:#1f2933">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
  `<p><a href="${escapeHtml(link.href)}" style="color:#0b5cad">${escapeHtml(link.label)}</a></p>` +
  `<p style="color:#52606d;font-size:13px">${escapeHtml(COMPANY.legal_name)} · ${escapeHtml(COMPANY.address_line)}</p></div>`;

/** The sign-up confirmation: the 6-character token and where to type it. */
export function confirmationEmail(to: string, token: string, publicUrl: string, hours: number): EmailMessage {
  const href = `${publicUrl}/email_validation`;
  const lines = [
    `Welcome to ${COMPANY.brand_name}!`,
    `Your confirmation code is ${token}. It expires in ${hours} hours.`,
    `Enter it at ${href} to confirm your e-mail address.`,
  ];
  return {
    to,
    subject: `Confirm your ${COMPANY.brand_name} account`,
    text: `${lines.join('\n\n')}\n\nIf you did not sign up, you can ignore this e-mail.\n`,
    html: page([...lines.slice(0, 2), 'If you did not sign up, you can ignore this e-mail.'], { href, label: 'Confirm my e-mail address' }),
    meta: { kind: 'email_confirmation' },
  };
}

/**
 * The password-reset link: the SPA's /forgot_password/{token}, or for a new-flow account the new flow's
 * /application/newflow/reset_password/auth?reset_password_token={token}.
 */
export function passwordResetEmail(to: string, token: string, publicUrl: string, hours: number, newFlow = false): EmailMessage {
  const href = newFlow ? `${publicUrl}/application/newflow/reset_password/auth?reset_password_token=${token}` : `${publicUrl}/forgot_password/${token}`;
  const lines = [
    'Someone asked to reset the password of your account.',
    `Choose a new password at ${href}. The link works once and expires in ${hours} hours.`,
  ];
  return {
    to,
    subject: `Reset your ${COMPANY.brand_name} password`,
    text: `${lines.join('\n\n')}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
    html: page([lines[0]!, `The link works once and expires in ${hours} hours. If it was not you, ignore this e-mail.`], {
      href,
      label: 'Choose a new password',
    }),
    meta: { kind: 'password_reset' },
  };
}

/** A pre-signed sign-in link a staff member sent (/c/{code}). */
export function presignedLinkEmail(to: string, code: string, publicUrl: string, hours: number): EmailMessage {
  const href = `${publicUrl}/c/${code}`;
  const lines = [
    `Our team sent you a link to continue your ${COMPANY.brand_name} application.`,
    `Open ${href} to sign in. The link works once and expires in ${hours} hours.`,
  ];
  return {
    to,
    subject: `Continue your ${COMPANY.brand_name} application`,
    text: `${lines.join('\n\n')}\n`,
    html: page([lines[0]!, `The link works once and expires in ${hours} hours.`], { href, label: 'Continue my application' }),
    meta: { kind: 'presigned_link' },
  };
}
