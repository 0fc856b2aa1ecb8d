import { APPLICATION_MSG, type TOkStatusResponse } from '@payrail/contract/application';
import type { TStatusResponse } from '@payrail/contract/identity';
import { REFINANCE_MSG } from '@payrail/contract/refinance';
import { SERVER_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { notifyMember } from '../../engagement/notifications';
import { AppError, type FieldErrors } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { rewardSubmittedApplication } from '../../referral/use-cases/record-referral-rewards';
import { commitMove, planMove } from '../../workflow/move';
import { refusal } from '../../workflow/use-cases/refuse';
import { activeApplication, findReferences } from '../../application/applications';
import { liveDocuments } from '../../documents/live-documents';
import { commitTransition } from '../../review/reviews';

/**
 * The refinance review's Confirm (classic §4 "Refinance review confirm", §5): the borrower moves
 * refinancing_review → ready_for_review through POST /workflow/change_status, and the server checks what
 * the screen asks first: chosen and consented terms, two references, at least one pay stub uploaded for
 * this refinance, and an allotment file when the payment change was not made. The application waits in
 * ready_for_review for an underwriter (a refinance is never decided by the automated engine).
 */
export async function submitRefinanceReview(ctx: AppContext, member: MemberRow): Promise<TOkStatusResponse & TStatusResponse> {
  const from = member.workflowStatus;
  if (from !== 'refinancing_review') throw refusal(SERVER_MSG.statusRefused(from, 'ready_for_review'), from);
  const application = await activeApplication(ctx, member.id);
  if (!application || application.loanType !== 'refinancing') throw refusal(SERVER_MSG.statusRefused(from, 'ready_for_review'), from);
  if (application.amountCents === null) throw new AppError('validation', APPLICATION_MSG.termsNotChosen);
  if (application.termsConsentAt === null) throw new AppError('validation', APPLICATION_MSG.termsConsentMissing);
  const [references, payStubs, allotments] = await Promise.all([
    findReferences(ctx, member.id),
    liveDocuments(ctx, member.id, 'pay_stub'),
    liveDocuments(ctx, member.id, 'allotment'),
  ]);
  const since = application.createdAt;
  const errors: FieldErrors = {};
  if (references.length < 2) errors.references = [REFINANCE_MSG.twoReferences];
  if (!payStubs.some((d) => d.createdAt >= since)) errors['documents.pay_stub'] = [APPLICATION_MSG.documentMissing];
  if (!application.paymentChange && !allotments.some((d) => d.createdAt >= since)) errors['documents.allotment'] = [APPLICATION_MSG.documentMissing];
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
  const move = await planMove(ctx, member, 'ready_for_review');
  const at = move.at;
  await commitMove(
    ctx,
    member,
    async () => (await commitTransition(ctx, { userId: member.id, move, application: { id: application.id, patch: { submittedAt: at } }, at })).ok,
  );
  await notifyMember(ctx, member.id, REFINANCE_MSG.submitted, at);
  await rewardSubmittedApplication(ctx, member.id, application.id);
  return { ok: true, new_status: 'ready_for_review', workflow_status: { next_status: 'ready_for_review' } };
}
