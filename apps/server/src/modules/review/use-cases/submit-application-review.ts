import { APPLICATION_MSG, type TOkStatusResponse } from '@payrail/contract/application';
import { REQUIRED_DOCUMENT_TYPES } from '@payrail/contract/documents';
import type { AppContext } from '../../../context';
import { acceptedAmong } from '../../esignature/agreements';
import { AppError, type FieldErrors } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { commitMove, planMove, requireStatus } from '../../workflow/move';
import { findMissingAnswers } from '../../application/use-cases/find-missing-answers';
import { employerOf } from '../../employment/employer-program';
import { ensureActiveApplication } from '../../application/applications';
import { actOnDecision } from '../act-on-decision';
import { decideApplication } from './decide-application';
import { listAgreementDocumentVersions } from '../../reference/reference-data';
import { findBorrower } from '../../identity/members';
import { liveDocuments } from '../../documents/live-documents';

/** Whether the member accepted a version of the credit pull authorization (a `user_agreements` row). */
async function acceptedCreditPull(ctx: AppContext, userId: number): Promise<boolean> {
  const versions = await listAgreementDocumentVersions(ctx, 'credit_pull_authorization', null);
  return (
    (
      await acceptedAmong(
        ctx,
        userId,
        versions.map((d) => d.id),
      )
    ).size > 0
  );
}

/**
 * GET /review — the application review's Confirm. Checks what review needs (every answer, two
 * references, chosen and consented terms, the four documents unless the employer is a partner, the
 * credit pull authorization), moves the application to ready_for_review, runs the automated
 * underwriting on the full facts and records it, then lets the decision act when REQUIRE_HUMAN_REVIEW
 * is off (see actOnDecision).
 */
export async function submitApplicationReview(ctx: AppContext, member: MemberRow): Promise<TOkStatusResponse> {
  requireStatus(member, ['application_review', 'document_review']);
  const errors: FieldErrors = await findMissingAnswers(ctx, member.id);
  const [docs, borrower] = await Promise.all([liveDocuments(ctx, member.id), findBorrower(ctx, member.id)]);
  const employer = await employerOf(ctx, borrower);
  // A partner employer's staff may go on without documents (classic §1, §5).
  const required = employer?.partnership === 'b2b_partner' ? [] : REQUIRED_DOCUMENT_TYPES;
  const uploaded = new Set<string>(docs.map((d) => d.documentTypeName));
  for (const type of required) if (!uploaded.has(type)) errors[`documents.${type}`] = [APPLICATION_MSG.documentMissing];
  const answersMissing = Object.keys(errors).some((k) => !k.startsWith('documents.'));
  if (answersMissing) throw AppError.fields(errors);
  const at = ctx.now();
  const application = await ensureActiveApplication(ctx, member.id, at);
  if (application.amountCents === null) throw new AppError('validation', APPLICATION_MSG.termsNotChosen);
  if (application.termsConsentAt === null) throw new AppError('validation', APPLICATION_MSG.termsConsentMissing);
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
  // The review runs the credit check: the borrower authorizes the credit pull first (the SPA records it on Confirm).
  if (!(await acceptedCreditPull(ctx, member.id))) throw new AppError('validation', APPLICATION_MSG.creditPullMissing);

  const move = { ...(await planMove(ctx, member, 'ready_for_review')), at };
  await commitMove(
    ctx,
    member,
    async () => (await ctx.repos.review.commit({ userId: member.id, move, application: { id: application.id, patch: { submittedAt: at } }, at })).ok,
  );
  // The friend who referred this member earns $1 for the submitted application (idempotent per application).
  await ctx.hooks.review.applicationSubmitted(ctx, member.id, application.id);
  const { decision: underwriting } = await decideApplication(ctx, member.id, 'review');
  return { ok: true, new_status: await actOnDecision(ctx, member, 'ready_for_review', underwriting) };
}
