import type { TCounterofferNotice } from '@payrail/contract/newflow';
import { utcDay } from '@payrail/domain/dates';
import { cents, formatUsd } from '@payrail/domain/money';
import { ECOA_NOTICE } from '@payrail/domain/underwriting/notices';
import type { EmailMessage } from '../../adapters/email/port';
import type { CreditBureau } from '../../adapters/credit-bureau/port';
import type { AppContext } from '../../context';
import { COMPANY } from '../../db/seed-data/company';
import { findBorrower, findMember } from '../identity/members';
import type { AdverseActionNoticeRow } from './repository';

/**
 * The consumer reporting agency named on the notice (FCRA 615(a)(2): name, address, toll-free number).
 * The sandbox is named as what it is, so a test notice is never mistaken for a real one.
 */
export const BUREAU_CONTACT: Readonly<Record<CreditBureau['provider'], { name: string; address: string; phone: string; website: string }>> = {
  experian: { name: 'Experian', address: 'P.O. Box 2002, Allen, TX 75013', phone: '1-888-397-3742', website: 'www.experian.com' },
  sandbox: {
    name: 'Payrail Sandbox Credit Bureau (test data, not a consumer reporting agency)',
    address: '100 Rail Street, Suite 400, Wilmington, DE 19801',
    phone: '1-888-555-0142',
    website: 'www.payrail.test',
  },
};

/** The score model both bureaus answer (VantageScore 4.0, `adapters/credit-bureau/experian.ts`). */
export const SCORE_RANGE = { low: 300, high: 850 } as const;

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type CounterofferFacts = {
  firstName: string | null;
  decidedOn: string;
  requestedCents: number;
  offeredCents: number;
  reasons: readonly string[];
  /** The score used (null when none was: then no score disclosure). */
  score: number | null;
  keyFactors: readonly string[];
  bureau: CreditBureau['provider'];
};

/**
 * The combined counteroffer and adverse-action notice (Reg B 1002.9(a)(1)(iv) with comment 9(a)(1)-6:
 * a counteroffer may carry the adverse-action notice, so no second notice follows when the applicant
 * lets it lapse or declines it; FCRA 615(a) and the credit-score disclosure of 615(a)(1)(A)/609(f) when
 * a score was used). Sections, in order: the statement of action taken, the creditor, the principal
 * reasons, the consumer-report and score disclosure with the bureau, the ECOA notice. Plain text
 * paragraphs (the SPA and the e-mail show the same words).
 */
export function counterofferNoticeSections(f: CounterofferFacts): { heading: string; paragraphs: string[]; list?: string[] }[] {
  const bureau = BUREAU_CONTACT[f.bureau];
  const sections: { heading: string; paragraphs: string[]; list?: string[] }[] = [
    {
      heading: 'Statement of action taken',
      paragraphs: [
        `Dear ${f.firstName ?? 'applicant'},`,
        `On ${usDate(f.decidedOn)} we reviewed your request for a loan of ${formatUsd(cents(f.requestedCents))}. We cannot offer you the amount you asked for. We can offer you ${formatUsd(cents(f.offeredCents))} on the terms shown with your loan offers.`,
        'If you accept one of these offers, nothing else follows from this notice. If you do not accept one, this notice is our notice of the action taken on your request, and we will not send another.',
      ],
    },
    {
      heading: 'Creditor',
      paragraphs: [
        `${COMPANY.bank_name}, through ${COMPANY.legal_name}, ${COMPANY.address_line}. Questions: ${COMPANY.support_phone} or ${COMPANY.support_email}.`,
      ],
    },
    { heading: 'Principal reason(s) for offering less than you asked', paragraphs: [], list: [...f.reasons] },
  ];
  if (f.score !== null) {
    sections.push({
      heading: 'Your credit report and credit score',
      paragraphs: [
        `Our decision was based in whole or in part on information obtained in a report from the consumer reporting agency listed below. You have a right under the Fair Credit Reporting Act to know the information contained in your credit file at the consumer reporting agency. The reporting agency played no part in our decision and is unable to supply specific reasons why we made it. You have a right to a free copy of your report from the reporting agency, if you request it no later than 60 days after you receive this notice. In addition, if you find that any information contained in the report you receive is inaccurate or incomplete, you have the right to dispute the matter with the reporting agency.`,
        `Name: ${bureau.name}. Address: ${bureau.address}. Toll-free telephone number: ${bureau.phone}. Website: ${bureau.website}.`,
        `We also obtained your credit score from this consumer reporting agency and used it in making our credit decision. Your credit score is a number that reflects the information in your consumer report. Your credit score can change, depending on how the information in your consumer report changes.`,
        `Your credit score: ${f.score}. Date: ${usDate(f.decidedOn)}. Scores range from a low of ${SCORE_RANGE.low} to a high of ${SCORE_RANGE.high}.`,
        ...(f.keyFactors.length > 0 ? ['Key factors that adversely affected your credit score:'] : []),
      ],
      ...(f.keyFactors.length > 0 ? { list: f.keyFactors.slice(0, 4) } : {}),
    });
  }
  sections.push({ heading: 'Notice', paragraphs: [ECOA_NOTICE] });
  return sections;
}

export function counterofferNoticeText(f: CounterofferFacts): string {
  return counterofferNoticeSections(f)
    .map((s) => [s.heading.toUpperCase(), ...s.paragraphs, ...(s.list ?? []).map((r) => `- ${r}`)].join('\n\n'))
    .join('\n\n');
}

export function counterofferNoticeEmail(to: string, f: CounterofferFacts): EmailMessage {
  const html = counterofferNoticeSections(f)
    .map(
      (s) =>
        `<h2 style="font-size:16px">${escapeHtml(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${s.list ? `<ul>${s.list.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>` : ''}`,
    )
    .join('');
  return {
    to,
    subject: `About the amount of your ${COMPANY.brand_name} loan request`,
    text: `${counterofferNoticeText(f)}\n\n${COMPANY.legal_name} · ${COMPANY.address_line}\n`,
    html: `<div style="font:16px/1.5 system-ui,sans-serif;color:#1f2933">${html}<p style="color:#52606d;font-size:13px">${escapeHtml(COMPANY.legal_name)} · ${escapeHtml(COMPANY.address_line)}</p></div>`,
    meta: { kind: 'adverse_action', action: 'counteroffer', reasons: [...f.reasons] },
  };
}

/**
 * Records the notice of a counteroffer the rate check just decided and e-mails it (after the decision is
 * committed; one decision, one notice). The stored text is what the applicant reads on the offers page.
 */
export async function sendCounterofferNotice(
  ctx: AppContext,
  userId: number,
  p: { requestedCents: number; offeredCents: number; reasons: readonly string[]; score: number | null; keyFactors: readonly string[]; at: Date },
): Promise<void> {
  const [member, borrower] = await Promise.all([findMember(ctx, userId), findBorrower(ctx, userId)]);
  if (!member) return;
  const facts: CounterofferFacts = {
    firstName: borrower?.firstName ?? null,
    decidedOn: utcDay(p.at),
    requestedCents: p.requestedCents,
    offeredCents: p.offeredCents,
    reasons: p.reasons,
    score: p.score,
    keyFactors: p.keyFactors,
    bureau: ctx.providers.creditBureau.provider,
  };
  const notice = await ctx.repos.newflow.recordNotice({
    userId,
    kind: 'counteroffer',
    requestedCents: cents(p.requestedCents),
    offeredCents: cents(p.offeredCents),
    reasons: [...p.reasons],
    creditScore: p.score,
    bureauName: p.score === null ? null : BUREAU_CONTACT[facts.bureau].name,
    body: counterofferNoticeText(facts),
    createdAt: p.at,
  });
  await ctx.providers.email.send(counterofferNoticeEmail(member.email, facts));
  await ctx.repos.newflow.markNoticeEmailed(notice.id, ctx.now());
}

/** The wire form of a stored notice (loan_offer step data). */
export function toCounterofferNotice(row: AdverseActionNoticeRow): TCounterofferNotice {
  return {
    id: row.id,
    requested_amount: row.requestedCents ?? 0,
    offered_amount: row.offeredCents ?? 0,
    reasons: row.reasons,
    credit_score: row.creditScore,
    bureau_name: row.bureauName,
    text: row.body,
    sent_at: row.emailedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
