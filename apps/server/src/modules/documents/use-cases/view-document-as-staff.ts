import { FILE_UNAVAILABLE_MSG } from '@payrail/contract/documents';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { openStoredFile } from '../stored-file';

/** GET /api/backoffice/documents/{id}: any borrower's live document, opened for staff and audited. */
export async function viewDocument(ctx: AppContext, staff: TStaffMember, id: number) {
  const document = await ctx.repos.documents.findLiveById(id);
  if (!document) throw AppError.notFound('Document not found.');
  const bytes = await openStoredFile(ctx, document.storageKey, { source: 'document', id: document.id }, FILE_UNAVAILABLE_MSG.staff);
  await ctx.hooks.documents.recordStaffAction(ctx, {
    staffUserId: staff.id,
    action: 'view_document',
    targetUserId: document.userId,
    before: {},
    after: { document_id: document.id, document_type: document.documentTypeName },
    at: ctx.now(),
  });
  return { document, bytes };
}
