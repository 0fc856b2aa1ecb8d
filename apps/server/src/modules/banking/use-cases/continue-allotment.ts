import { APPLICATION_MSG } from '@payrail/contract/application';
import { BANK_MSG } from '@payrail/contract/banking';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { commitMove, moved, planMove, requireStatus, storeMove } from '../../workflow/move';
import { findBorrower } from '../../identity/members';
import { findEmployer } from '../../reference/reference-data';
import { liveDocuments } from '../../documents/live-documents';

/**
 * POST /allotment/continue: the Allotment page's Continue (allotment_needed → review_allotment), once an
 * allotment file is on file (uploaded with POST /documents, type allotment) and, when the reviewer's
 * latest feedback named other documents, a file of each uploaded since that request (spec §5: "one
 * allotment file plus one file for each document type named in feedback"). Without the allotment: 422
 * `{ error, current_status }` in the employer's wording; a named type missing: 422
 * `{ errors: { 'documents.<type>': [must have at least one file] } }`.
 */
export async function continueAllotment(ctx: AppContext, member: MemberRow) {
  requireStatus(member, ['allotment_needed']);
  if ((await liveDocuments(ctx, member.id, 'allotment')).length === 0) {
    const borrower = await findBorrower(ctx, member.id);
    const employer = borrower?.employerId ? await findEmployer(ctx, borrower.employerId) : undefined;
    const message = employer?.paymentType === 'allotment' ? BANK_MSG.allotmentMissing : BANK_MSG.splitDepositMissing;
    throw new AppError('validation', message, { extra: { current_status: member.workflowStatus } });
  }
  const feedback = await ctx.hooks.banking.openOrLatestFeedback(ctx, member.id);
  const named = (feedback?.documents ?? []).filter((type) => type !== 'allotment');
  if (feedback && named.length > 0) {
    const live = await liveDocuments(ctx, member.id);
    const missing = named.filter((type) => !live.some((d) => d.documentTypeName === type && d.createdAt >= feedback.createdAt));
    if (missing.length > 0) throw AppError.fields(Object.fromEntries(missing.map((type) => [`documents.${type}`, [APPLICATION_MSG.documentMissing]])));
  }
  const move = await planMove(ctx, member, 'review_allotment');
  await commitMove(ctx, member, () => storeMove(ctx, move));
  return moved(move.to);
}
