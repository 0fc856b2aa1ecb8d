import { APPLICATION_MSG } from '@payrail/contract/application';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { ClientInfo } from '../../identity/client';
import type { MemberRow } from '../../../db/rows';
import { requireStatus } from '../../workflow/move';
import { CHOOSE_TERMS_STATUSES } from '@payrail/domain/workflow/status-attributes';
import { findBorrower } from '../../identity/members';
import { findAgreementDocument, findState } from '../../reference/reference-data';
import { activeApplication, updateApplication } from '../../application/applications';

/**
 * GET /associate_terms_consent: the borrower ticked the terms consent (which links the loan eligibility
 * consent of their state). Records the time, address and browser on the application's terms and the
 * acceptance of the state's consent document.
 */
export async function recordTermsConsent(ctx: AppContext, member: MemberRow, client: ClientInfo): Promise<{ ok: true; consented_at: string }> {
  requireStatus(member, CHOOSE_TERMS_STATUSES);
  const application = await activeApplication(ctx, member.id);
  if (!application || application.amountCents === null) throw new AppError('validation', APPLICATION_MSG.termsNotChosen);
  const at = ctx.now();
  await updateApplication(ctx, application.id, { termsConsentAt: at, termsConsentIp: client.ip, termsConsentUserAgent: client.userAgent }, at);
  const borrower = await findBorrower(ctx, member.id);
  const state = borrower?.stateId ? await findState(ctx, String(borrower.stateId)) : undefined;
  const document = await findAgreementDocument(ctx, 'consent_for_loan_eligibility', state?.abbreviation ?? null);
  if (document)
    await ctx.repos.loanTerms.recordAgreement({ userId: member.id, agreementDocumentId: document.id, at, ip: client.ip, userAgent: client.userAgent });
  return { ok: true, consented_at: at.toISOString() };
}
