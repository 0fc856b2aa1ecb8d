import type { EmailMessage } from '../../adapters/email/port';
import { COMPANY } from '../../db/seed-data/company';
import { ECOA_NOTICE } from '@payrail/domain/underwriting/notices';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const paragraphs = (lines: readonly string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
const footer = `<p style="color:#52606d;font-size:13px">${escapeHtml(COMPANY.legal_name)} · ${escapeHtml(COMPANY.address_line)}</p>`;
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * The adverse-action notice of a decline or denial (ECOA / Regulation B): the statement of action
 * taken, the principal reasons, when the applicant may apply again, and the ECOA notice.
 */
export function adverseActionEmail(p: {
  to: string;
  firstName: string | null;
  decidedOn: string;
  reasons: readonly string[];
  reapplyOn: string | null;
}): EmailMessage {
  const lines = [
    `Dear ${p.firstName ?? 'applicant'},`,
    `Thank you for applying for an installment loan with ${COMPANY.brand_name}, arranged with ${COMPANY.bank_name}. After reviewing your application on ${usDate(p.decidedOn)}, we are unable to approve it.`,
  ];
  const reasons = p.reasons.length > 0 ? p.reasons : ['Credit application incomplete'];
  const reapply =
    p.reapplyOn === null || p.reapplyOn === 'never'
      ? 'You are welcome to contact us about a future application.'
      : `You may apply again on or after ${usDate(p.reapplyOn)}.`;
  const contact = `Questions? Call ${COMPANY.support_phone} or write to ${COMPANY.support_email}.`;
  return {
    to: p.to,
    subject: `About your ${COMPANY.brand_name} loan application`,
    text: `${lines.join('\n\n')}\n\nThe principal reason(s) for our decision:\n${reasons.map((r) => `- ${r}`).join('\n')}\n\n${reapply}\n\n${contact}\n\n${ECOA_NOTICE}\n\n${COMPANY.legal_name} · ${COMPANY.address_line}\n`,
    html:
      `<div style="font:16px/1.5 system-ui,sans-serif;color:#1f2933">${paragraphs(lines)}<p>The principal reason(s) for our decision:</p>` +
      `<ul>${reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>${paragraphs([reapply, contact])}` +
      `<p style="font-size:13px">${escapeHtml(ECOA_NOTICE)}</p>${footer}</div>`,
    meta: { kind: 'adverse_action', reasons: [...reasons], reapply_on: p.reapplyOn },
  };
}

/** The reviewer asks for corrections or documents: the borrower finds them on /feedback. */
export function feedbackRequestEmail(p: { to: string; firstName: string | null; message: string; publicUrl: string }): EmailMessage {
  const href = `${p.publicUrl}/feedback`;
  const lines = [
    `Dear ${p.firstName ?? 'applicant'},`,
    'We reviewed your loan application and need a few things from you before we can continue:',
    p.message,
    `Sign in and open ${href} to answer.`,
  ];
  return {
    to: p.to,
    subject: `Action needed on your ${COMPANY.brand_name} application`,
    text: `${lines.join('\n\n')}\n\n${COMPANY.legal_name} · ${COMPANY.address_line}\n`,
    html: `<div style="font:16px/1.5 system-ui,sans-serif;color:#1f2933">${paragraphs(lines.slice(0, 3))}<p><a href="${escapeHtml(href)}" style="color:#0b5cad">Answer the review</a></p>${footer}</div>`,
    meta: { kind: 'feedback_request' },
  };
}
