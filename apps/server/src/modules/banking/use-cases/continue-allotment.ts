import { BANK_MSG } from '@payrail/contract/banking';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../identity/repository';
import { lostMove, moved, planMoveTo, requireStep } from '../workflow-step';

/**
 * POST /allotment/continue: the Allotment page's Continue (allotment_needed → review_allotment), once an
 * allotment file is on file (uploaded with POST /documents, type allotment). Without one: 422
 * `{ error, current_status }` in the employer's wording.
 */
export async function continueAllotment(ctx: AppContext, member: MemberRow) {
  requireStep(member, ['allotment_needed']);
  if ((await ctx.repos.documents.listLive(member.id, 'allotment')).length === 0) {
    const borrower = await ctx.repos.identity.findBorrower(member.id);
    const employer = borrower?.employerId ? await ctx.repos.reference.getEmployer(borrower.employerId) : undefined;
    const message = employer?.paymentType === 'allotment' ? BANK_MSG.allotmentMissing : BANK_MSG.splitDepositMissing;
    throw new AppError('validation', message, { extra: { current_status: member.workflowStatus } });
  }
  const move = await planMoveTo(ctx, member, 'review_allotment');
  if (!(await ctx.repos.workflow.move(move))) return lostMove(ctx, member);
  return moved(move.to);
}
