import { DOCUMENT_NOT_FOUND } from '@payrail/contract/documents';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { DocumentRow } from '../repository';

/**
 * GET /documents/{id}: the member's own document and its bytes, opened. Someone else's document answers
 * the same 404 as a missing one, so ids reveal nothing.
 */
export async function readDocument(ctx: AppContext, userId: number, id: number): Promise<{ document: DocumentRow; bytes: Buffer }> {
  const document = await ctx.repos.documents.findLive(userId, id);
  if (!document) throw AppError.notFound(DOCUMENT_NOT_FOUND);
  const sealed = await ctx.providers.storage.get(document.storageKey);
  // A live row without its bytes is a storage fault, not the client's: answer 500 and log it.
  if (!sealed) throw new Error(`document ${document.id}: nothing stored under its key`);
  const box = await ctx.cryptoBox();
  return { document, bytes: box.openBytes(sealed, document.storageKey) };
}
