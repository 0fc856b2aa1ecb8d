import { HARDSHIP_API_MSG } from '@payrail/contract/hardship';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { viewDocument } from '../../documents/use-cases/view-document-as-staff';
import { requestOr404 } from './hardship-facts';

/** GET /backoffice/hardship_requests/{id}/documents/{documentId}: a document attached to the request, opened and audited (`view_document`). */
export async function viewHardshipDocument(ctx: AppContext, staff: TStaffMember, id: number, documentId: number) {
  await requestOr404(ctx, id);
  if (!(await ctx.repos.hardship.attachedDocument(id, documentId))) throw AppError.notFound(HARDSHIP_API_MSG.documentNotFound);
  return viewDocument(ctx, staff, documentId);
}
