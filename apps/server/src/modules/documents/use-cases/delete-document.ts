import { DOCUMENT_NOT_FOUND } from '@payrail/contract/documents';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';

/**
 * DELETE /documents/{id}: marks the member's own document deleted (it stops being listed or served at
 * once), then removes its bytes from storage.
 */
export async function deleteDocument(ctx: AppContext, userId: number, id: number): Promise<void> {
  const document = await ctx.repos.documents.softDelete(userId, id, ctx.now());
  if (!document) throw AppError.notFound(DOCUMENT_NOT_FOUND);
  await ctx.providers.storage.delete(document.storageKey);
}
