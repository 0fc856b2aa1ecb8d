import { signatureFontSize } from '@payrail/domain/esign/signature';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { agreementsToSign, borrowerDocumentUrl } from '../agreements';
import { fullNameOf, noteFigures } from './prepare-note';
import { defaultLoanTermsSource } from '../loan-terms-source';

/** GET /esignature: the terms to review (the engine's figures and schedule), the agreements, the signature preview. */
export async function getEsignature(ctx: AppContext, member: MemberRow) {
  const [fullName, loan, docs, latest] = await Promise.all([
    fullNameOf(ctx, member.id),
    defaultLoanTermsSource.chosenLoan(ctx, member.id),
    agreementsToSign(ctx, member.id),
    ctx.repos.esignature.latest(member.id),
  ]);
  const accepted = await ctx.repos.esignature.acceptedAmong(
    member.id,
    docs.map((d) => d.id),
  );
  return {
    workflow_status: member.workflowStatus,
    loan_terms: (await noteFigures(ctx, member.id, loan)).wire,
    agreements: docs.map((d) => ({ id: d.id, name: d.name, title: d.title, file_url: borrowerDocumentUrl(d.id), accepted: accepted.has(d.id) })),
    signature: { full_name: fullName, font_size: signatureFontSize(fullName) },
    signed: latest ? { signed_at: latest.signedAt.toISOString(), sha256: latest.sha256 } : null,
  };
}
