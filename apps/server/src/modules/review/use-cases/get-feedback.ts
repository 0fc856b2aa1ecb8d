import { APPLICATION_MSG, type TFeedbackResponse } from '@payrail/contract/application';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { requireStatus } from '../../workflow/move';
import { toDocument } from '../../documents/mappers';
import { flaggedValues } from '../feedback-fields';
import { liveDocuments } from '../../documents/live-documents';

/**
 * GET /feedback: the reviewer's message and what to correct (spec §2 feedback shape): the flagged
 * application fields with their current values, the requested document types with the files uploaded
 * for them since the request, and the bank information to redo. Also read by the allotment page.
 */
export async function getFeedback(ctx: AppContext, member: MemberRow): Promise<TFeedbackResponse> {
  requireStatus(member, ['feedback_sent', 'allotment_needed', 'review_allotment']);
  const feedback =
    (await ctx.repos.review.openFeedback(member.id)) ??
    (member.workflowStatus === 'feedback_sent' ? undefined : await ctx.repos.review.latestFeedback(member.id));
  if (!feedback) throw AppError.notFound(APPLICATION_MSG.noOpenFeedback);
  const [values, docs] = await Promise.all([flaggedValues(ctx, member.id, feedback.fields, await ctx.cryptoBox()), liveDocuments(ctx, member.id)]);
  const documents = Object.fromEntries(
    feedback.documents.map((type) => [
      type,
      docs
        .filter((d) => d.documentTypeName === type && d.createdAt >= feedback.createdAt)
        .map((d) => {
          const { id, file_name, file_url, file_size, file_extension } = toDocument(d);
          return { id, file_name, file_url, file_size, file_extension };
        }),
    ]),
  );
  const bank = feedback.bankInformation;
  return {
    message: feedback.message,
    fields: { loan_borrower: values, documents, bank_information: bank === false ? null : bank === true ? {} : bank },
    allotment: feedback.allotment,
  };
}
