import type { TStaffActionResponse, TStaffFeedbackRequest } from '@payrail/contract/application';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { feedbackRequestEmail } from '../emails';
import { commitStaffMove, planStaffMove, targetMember } from '../reviewer-move';
import { activeApplication } from '../../application/applications';
import { findBorrower } from '../../identity/members';

/**
 * POST …/feedback: a reviewer asks the borrower to correct fields, upload documents, redo the bank
 * information or provide an allotment. Stores the request (replacing an open one), moves the
 * application to feedback_sent and e-mails the borrower.
 */
export async function sendFeedbackRequest(ctx: AppContext, staff: TStaffMember, userId: number, body: TStaffFeedbackRequest): Promise<TStaffActionResponse> {
  const member = await targetMember(ctx, userId);
  const move = await planStaffMove(ctx, staff, member, 'feedback_sent');
  const application = await activeApplication(ctx, member.id);
  const request = {
    message: body.message,
    fields: [...new Set(body.fields.loan_borrower)],
    documents: [...new Set(body.documents)],
    bankInformation: body.bank_information,
    allotment: body.allotment,
  };
  const result = await commitStaffMove(ctx, staff, member, 'send_feedback', move, {
    createFeedback: { userId: member.id, applicationId: application?.id ?? null, staffUserId: staff.id, ...request, createdAt: move.at },
    after: { feedback: { fields: request.fields, documents: request.documents, bank_information: request.bankInformation, allotment: request.allotment } },
  });
  const borrower = await findBorrower(ctx, member.id);
  await ctx.providers.email.send(
    feedbackRequestEmail({ to: member.email, firstName: borrower?.firstName ?? null, message: body.message, publicUrl: ctx.config.publicUrl }),
  );
  return result;
}
