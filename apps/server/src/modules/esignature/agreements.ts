import type { AppContext } from '../../context';
import type { AgreementDocumentRow } from '../reference/repository';
import { findBorrower } from '../identity/members';
import { findAgreementDocument, findEmployer, findState } from '../reference/reference-data';

/** The note's own terms: the document the member's promissory note is built from. */
export const PROMISSORY_NOTE = 'promissory_note_terms';
/** Consents the e-signature page lists after the note (classic §2 E-signature). */
const CONSENTS = ['consent_text_messaging', 'consent_eletronic_comunications', 'privacy_notice'] as const;

/** The member's state abbreviation (for the state's eligibility consent), or null. */
export async function memberState(ctx: AppContext, userId: number): Promise<string | null> {
  const borrower = await findBorrower(ctx, userId);
  return borrower?.stateId ? ((await findState(ctx, String(borrower.stateId)))?.abbreviation ?? null) : null;
}

/**
 * What the member signs, in the page's order: the promissory note; the payroll authorization for a
 * partner (b2b_partner) employer; text-messaging consent, electronic communications consent, privacy
 * notice; and the loan eligibility consent of the member's state (when the state has one).
 */
export async function agreementsToSign(ctx: AppContext, userId: number): Promise<AgreementDocumentRow[]> {
  const borrower = await findBorrower(ctx, userId);
  const employer = borrower?.employerId ? await findEmployer(ctx, borrower.employerId) : undefined;
  const state = await memberState(ctx, userId);
  const names: string[] = [PROMISSORY_NOTE, ...(employer?.partnership === 'b2b_partner' ? ['partner_payroll_authorization'] : []), ...CONSENTS];
  const docs = await Promise.all(names.map((n) => findAgreementDocument(ctx, n, null)));
  const eligibility = state ? await findAgreementDocument(ctx, 'consent_for_loan_eligibility', state) : undefined;
  const found = [...docs, eligibility?.stateAbbreviation === state ? eligibility : undefined].filter((d): d is AgreementDocumentRow => d !== undefined);
  if (!found.some((d) => d.name === PROMISSORY_NOTE)) throw new Error('the promissory_note_terms agreement document is not seeded');
  return found;
}

export const borrowerDocumentUrl = (id: number) => `/api/borrower_agreement_documents/${id}`;

/** Records that the member accepted an agreement document (the first acceptance of a version is kept); answers that acceptance. */
export const recordAcceptance = (ctx: AppContext, a: { userId: number; agreementDocumentId: number; at: Date; ip: string | null; userAgent: string | null }) =>
  ctx.repos.esignature.recordAgreement(a);

/** The member's newest signed promissory note, or undefined. */
export const latestSignedNote = (ctx: AppContext, userId: number) => ctx.repos.esignature.latest(userId);

/** Which of `documentIds` (agreement document versions) the member accepted. */
export const acceptedAmong = (ctx: AppContext, userId: number, documentIds: number[]): Promise<Set<number>> =>
  ctx.repos.esignature.acceptedAmong(userId, documentIds);
