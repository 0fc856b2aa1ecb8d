import { APPLICATION_MSG, type TStaffActionResponse, type TStaffStatusRequest } from '@payrail/contract/application';
import { FIELD_MSG, SERVER_MSG } from '@payrail/contract/messages';
import type { TStaffMember } from '@payrail/contract/staff';
import { cents } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { ApplicationPatch } from '../../application/repository';
import { refusal } from '../../workflow/use-cases/refuse';
import { ensureActiveApplication } from '../../application/applications';
import { commitStaffMove, planStaffMove, targetMember } from '../reviewer-move';

/** Targets that need more than a status: their own actions carry the message, reasons or dates. */
const DEDICATED: Readonly<Record<string, string>> = {
  feedback_sent: 'feedback',
  declined: 'decline',
  denied: 'deny',
  canceled: 'cancel',
  dropped: 'drop',
  approved: 'approve',
  // The new flow's employer review (employer_under_review → personal_info | cant_proceed).
  personal_info: 'employer_review',
  cant_proceed: 'employer_review',
};

/**
 * POST …/status: a reviewer moves an application to any status the table allows for reviewers (start
 * the review, pre-approve, request a document, send to the employer, approve or reject an allotment,
 * reconsider…). A counteroffer names its amount; approving an allotment records the payroll repayment
 * as in place.
 */
export async function changeStatusAsReviewer(ctx: AppContext, staff: TStaffMember, userId: number, body: TStaffStatusRequest): Promise<TStaffActionResponse> {
  const member = await targetMember(ctx, userId);
  const action = DEDICATED[body.new_status];
  if (action) throw refusal(APPLICATION_MSG.useDedicatedAction(action), member.workflowStatus);
  const move = await planStaffMove(ctx, staff, member, body.new_status);
  const application = await ensureActiveApplication(ctx, member.id, move.at);
  // Pre-approval leads a refinance to its own signature (the repay method stays the loan's), a new loan to the repay choice.
  const refinancing = application.loanType === 'refinancing';
  if ((body.new_status === 'refinancing_esignature' && !refinancing) || (body.new_status === 'select_repay_method' && refinancing)) {
    throw refusal(SERVER_MSG.statusRefused(member.workflowStatus, body.new_status), member.workflowStatus);
  }
  let patch: ApplicationPatch | null = null;
  if (move.event === 'change_loan_amount') {
    if (body.negotiated_amount === undefined) throw AppError.fields({ negotiated_amount: [FIELD_MSG.blank] });
    patch = { negotiatedAmountCents: cents(body.negotiated_amount) };
  }
  if (move.event === 'approve_allotment') patch = { paymentChange: true };
  return commitStaffMove(ctx, staff, member, 'change_status', move, patch ? { application: { id: application.id, patch } } : {});
}
