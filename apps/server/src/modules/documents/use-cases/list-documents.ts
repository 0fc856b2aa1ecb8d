import type { DocumentTypeName, TDocument } from '@payrail/contract/documents';
import type { AppContext } from '../../../context';
import { toDocument } from '../mappers';

/** GET /documents?document_type_name=: the member's documents (all, or of one type), oldest first. */
export async function listDocuments(ctx: AppContext, userId: number, type: DocumentTypeName | undefined): Promise<TDocument[]> {
  return (await ctx.repos.documents.listLive(userId, type)).map(toDocument);
}
