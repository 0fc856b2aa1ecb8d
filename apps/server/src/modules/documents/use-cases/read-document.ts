import { DOCUMENT_NOT_FOUND, FILE_UNAVAILABLE_MSG } from '@payrail/contract/documents';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { DocumentRow } from '../repository';
import { openStoredFile } from '../stored-file';

/**
 * GET /documents/{id}: the member's own document and its bytes, opened. Someone else's document answers
 * the same 404 as a missing one, so ids reveal nothing.
 */
export async function readDocument(ctx: AppContext, userId: number, id: number): Promise<{ document: DocumentRow; bytes: Buffer }> {
  const document = await ctx.repos.documents.findLive(userId, id);
  if (!document) throw AppError.notFound(DOCUMENT_NOT_FOUND);
  // A live row without its bytes is a storage fault, not the client's: a clear 404 (file unavailable), logged.
  return { document, bytes: await openStoredFile(ctx, document.storageKey, { source: 'document', id: document.id }, FILE_UNAVAILABLE_MSG.borrower) };
}
